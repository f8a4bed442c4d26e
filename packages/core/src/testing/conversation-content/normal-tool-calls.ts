import {
  IDENTIFIERS,
  PATHS,
  WORDS,
  codeLine,
  lines,
} from './content-vocabulary';
import type { Random } from './create-random';
import { between, pick } from './create-random';
import type { GeneratedCall } from './generated-call';
import { largeJson, largeText } from './large-payloads';

// Normal tools: name, input, small text output, JSON output, error output.

interface ToolOutputs {
  readonly input: Record<string, unknown>;
  readonly text: () => string;
  readonly json: () => unknown;
  readonly error: () => unknown;
}

type ToolFactory = (random: Random) => ToolOutputs;

const NORMAL_TOOLS: Readonly<Record<string, ToolFactory>> = {
  bash: (random) => {
    const command = pick(random, [
      `grep -rn "${pick(random, IDENTIFIERS)}" src/`,
      `python -m pytest ${pick(random, PATHS)} -q`,
      'ls -la',
      `sed -n '1,40p' ${pick(random, PATHS)}`,
      'git status --short',
    ]);
    return {
      input: { command },
      text: () =>
        `<returncode>0</returncode>\n<output>\n${lines(random, between(random, 1, 8), () => `${pick(random, PATHS)}:${between(random, 1, 400)}: ${pick(random, WORDS)} = ${pick(random, IDENTIFIERS)}`)}\n</output>`,
      json: () => ({
        returncode: 0,
        stdout: `${pick(random, WORDS)} ok`,
        stderr: '',
      }),
      error: () =>
        `<returncode>1</returncode>\n<output>\nTraceback (most recent call last):\n  File "${pick(random, PATHS)}", line ${between(random, 1, 300)}, in <module>\nNameError: name '${pick(random, IDENTIFIERS)}' is not defined\n</output>`,
    };
  },
  read_file: (random) => {
    const path = pick(random, PATHS);
    return {
      input: { path, offset: between(random, 0, 200), limit: 40 },
      text: () =>
        lines(
          random,
          between(random, 2, 12),
          (line) => `${line + 1}\t${codeLine(random)}`,
        ),
      json: () => ({
        path,
        size: between(random, 10, 90_000),
        encoding: 'utf-8',
      }),
      error: () => `Error: ENOENT: no such file or directory, open '${path}'`,
    };
  },
  search_code: (random) => {
    const query = pick(random, IDENTIFIERS);
    return {
      input: { query, glob: '**/*.ts', caseSensitive: random() < 0.5 },
      text: () =>
        lines(
          random,
          between(random, 1, 6),
          () =>
            `${pick(random, PATHS)}:${between(random, 1, 900)}: ${query}(${pick(random, WORDS)})`,
        ),
      json: () =>
        Array.from({ length: between(random, 0, 4) }, () => ({
          path: pick(random, PATHS),
          line: between(random, 1, 900),
        })),
      error: () => ({
        error: 'INVALID_REGEX',
        message: `Unterminated group in /${query}(/`,
      }),
    };
  },
  get_reservation_details: (random) => {
    const reservationId = pick(random, [
      '8JX2WO',
      'ZFA04Y',
      'K1NW8N',
      '4WQ150',
    ]);
    return {
      input: { reservation_id: reservationId },
      text: () =>
        `Reservation ${reservationId}: ${between(random, 1, 3)} passenger(s), ${pick(random, ['economy', 'basic_economy', 'business'])}, flights ${pick(random, IDENTIFIERS)}`,
      json: () => ({
        reservation_id: reservationId,
        user_id: 'mia_li_3668',
        origin: pick(random, ['JFK', 'SFO', 'SEA', 'LAX']),
        destination: pick(random, ['ORD', 'MIA', 'BOS', 'DEN']),
        flight_type: 'one_way',
        cabin: pick(random, ['economy', 'business']),
        passengers: [{ first_name: 'Mia', last_name: 'Li', dob: '1990-04-05' }],
        insurance: random() < 0.5 ? 'yes' : 'no',
        total_baggages: between(random, 0, 3),
      }),
      error: () => `Error: reservation ${reservationId} not found`,
    };
  },
  search_direct_flight: (random) => {
    const origin = pick(random, ['JFK', 'SFO', 'SEA']);
    const destination = pick(random, ['ORD', 'MIA', 'BOS']);
    return {
      input: {
        origin,
        destination,
        date: `2024-05-${between(random, 10, 28)}`,
      },
      text: () =>
        `Found ${between(random, 0, 5)} flights from ${origin} to ${destination}.`,
      json: () =>
        Array.from({ length: between(random, 0, 3) }, () => ({
          flight_number: `HAT${between(random, 100, 299)}`,
          origin,
          destination,
          scheduled_departure_time_est: `${between(random, 5, 22)}:00:00`,
          prices: {
            basic_economy: between(random, 50, 120),
            economy: between(random, 120, 400),
          },
          available_seats: { economy: between(random, 0, 20) },
        })),
      error: () => ({ error: 'NO_FLIGHTS', origin, destination }),
    };
  },
  web_search: (random) => {
    const query = `${pick(random, WORDS)} ${pick(random, WORDS)} best practice`;
    return {
      input: { query, maxResults: 5 },
      text: () =>
        lines(
          random,
          between(random, 1, 4),
          (index) =>
            `${index + 1}. ${pick(random, WORDS)} — https://example.com/${pick(random, WORDS)}/${between(random, 1, 999)}`,
        ),
      json: () => ({
        query,
        results: between(random, 0, 10),
        tookMs: between(random, 20, 900),
      }),
      error: () => 'Error: 429 Too Many Requests (retry after 30s)',
    };
  },
  write_file: (random) => {
    const path = pick(random, PATHS);
    return {
      input: {
        path,
        content: lines(random, between(random, 1, 5), () => codeLine(random)),
      },
      text: () => `Wrote ${between(random, 10, 4000)} bytes to ${path}`,
      json: () => true,
      error: () => `Error: EACCES: permission denied, open '${path}'`,
    };
  },
  calculate: (random) => {
    const left = between(random, 1, 5000);
    const right = between(random, 1, 500);
    return {
      input: { expression: `${left} - ${right}` },
      text: () => String(left - right),
      json: () => left - right,
      error: () => 'Error: division by zero',
    };
  },
};

export const NORMAL_TOOL_NAMES = Object.keys(NORMAL_TOOLS);

export type OutputKind =
  'text' | 'json' | 'error' | 'large-text' | 'large-json';

/** A normal tool call and its output of the given kind. */
export function normalCall(
  random: Random,
  kind: OutputKind,
  largeChars: number,
): GeneratedCall {
  const toolName = pick(random, NORMAL_TOOL_NAMES);
  const tool = NORMAL_TOOLS[toolName]!(random);
  switch (kind) {
    case 'text':
      return {
        toolName,
        input: tool.input,
        output: tool.text(),
        isError: false,
      };
    case 'json':
      return {
        toolName,
        input: tool.input,
        output: tool.json(),
        isError: false,
      };
    case 'error':
      return {
        toolName,
        input: tool.input,
        output: tool.error(),
        isError: true,
      };
    case 'large-text':
      return {
        toolName,
        input: tool.input,
        output: largeText(random, largeChars),
        isError: false,
      };
    case 'large-json':
      return {
        toolName,
        input: tool.input,
        output: largeJson(random, largeChars),
        isError: false,
      };
  }
}
