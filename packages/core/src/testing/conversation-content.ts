/**
 * Content pools and deterministic generators behind `conversationArbitrary`.
 * fast-check draws small integers (the structure); these functions turn each
 * integer into realistic text and JSON with a seeded PRNG, so that the same
 * draw always gives the same conversation and shrinking still works.
 * Internal to the testing kit.
 */

/** The plan tools of the PlanNotebook (reference plan-aware compression). */
export const PLAN_TOOL_NAMES = [
  'create_plan',
  'update_plan_info',
  'revise_current_plan',
  'update_subtask_state',
  'finish_subtask',
  'view_subtasks',
  'get_subtask_count',
  'finish_plan',
  'view_historical_plans',
  'recover_historical_plan',
] as const;

export type PlanToolName = (typeof PLAN_TOOL_NAMES)[number];

/** A deterministic PRNG (mulberry32) returning floats in [0, 1). */
export type Random = () => number;

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<TValue>(
  random: Random,
  values: readonly TValue[],
): TValue {
  return values[Math.floor(random() * values.length)]!;
}

export function between(
  random: Random,
  minimum: number,
  maximum: number,
): number {
  return minimum + Math.floor(random() * (maximum - minimum + 1));
}

/** Fisher–Yates shuffle of a copy of `values`. */
export function shuffle<TValue>(
  random: Random,
  values: readonly TValue[],
): TValue[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

// ---------------------------------------------------------------------------
// Text pools: English, Chinese, Japanese, Korean, Arabic, emoji (surrogate
// pairs, ZWJ sequences, flags), combining marks.

export const UNICODE_SNIPPETS = [
  '请帮我检查一下 src/config.ts 里的默认值是否正确。',
  '構成ファイルの読み込みに失敗しました（行 42）。',
  '예약 번호 ZFA04Y 를 취소해 주세요.',
  'الرجاء تأكيد الحجز رقم 8JX2WO',
  'Déjà vu: naïve café façade résumé',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o combining marks',
  'Deploy finished 🚀✅ (3 services, 0 errors)',
  '👩‍💻 pair-programming with 👨‍👩‍👧‍👦 family emoji and flags 🇯🇵🇫🇷',
  '数学: ∑_{i=1}^{n} i² = n(n+1)(2n+1)/6 ≈ 𝒪(n³)',
  '日志显示 ConnectionResetError 在第 3 次重试后出现 ⚠️',
] as const;

const USER_REQUESTS = [
  'The test suite fails on `test_separability_matrix` after my last change. Can you find out why?',
  'Please add a --dry-run flag to the CLI and make sure the existing tests still pass.',
  'I need to change my flight from JFK to SFO on 2024-05-20 to the next morning.',
  'Can you cancel reservation 8JX2WO? I booked it yesterday and have travel insurance.',
  'Refactor the token counter so it caches counts per message id.',
  'Why does `npm run build` print "Cannot find module ./dist/index.js"?',
  'How many checked bags can I bring on a basic economy ticket as a silver member?',
  'Summarize what changed in the last three commits and update the CHANGELOG.',
  'Find every place that reads process.env directly and list them.',
  'My user id is mia_li_3668. Please book the cheapest direct flight to Seattle on May 18.',
  'Fix the off-by-one in paginate(): page 2 repeats the last item of page 1.',
  'Run the migrations against the staging database and report any failures.',
] as const;

const ASSISTANT_PREAMBLES = [
  'Let me look at the relevant files first.',
  'I will run the failing test to see the traceback.',
  'Checking the reservation details before making any change.',
  'I need the user profile to find the payment methods.',
  'Let me search the codebase for the call sites.',
  'First I will list the directory, then open the module.',
  '我先查一下相关的配置文件。',
  'Running both lookups in parallel.',
] as const;

const FINAL_ANSWERS = [
  'The failure came from `_cstack` ignoring nested compound models; I fixed it in astropy/modeling/separable.py (line 245) and all 64 tests now pass.',
  'Your reservation 8JX2WO has been cancelled. The refund of $1,286 will go back to credit_card_4421 within 5–7 business days.',
  'I added the --dry-run flag in src/cli/main.ts; it prints the plan and exits with code 0. The 132 existing tests still pass.',
  'There are 4 direct reads of process.env: src/config.ts:12, src/db.ts:7, scripts/seed.ts:3 and src/server/index.ts:21.',
  'Done. The flight is now HAT170 departing 2024-05-21 at 07:15, same cabin (economy); the fare difference of $48 was charged to gift_card_7195.',
  'The build looks for dist/index.js because "main" in package.json still points there; I changed it to ./dist/index.cjs.',
  'The off-by-one was in `offset = page * size + 1`; it is now `page * size`, with a regression test in tests/paginate.test.ts.',
  '修复完成：默认值已更新，所有测试通过 ✅',
  'Silver members get 2 free checked bags on economy, but basic economy includes none; each extra bag costs $50.',
  'Migrations 0041–0043 applied cleanly; 0044 failed with `duplicate key value violates unique constraint "users_email_key"`.',
] as const;

const REASONING_TEXTS = [
  'The traceback points at the matrix stacking; the nested model probably returns its own separability matrix, which is not copied into the right block.',
  'The user wants a change, so I must confirm the details and get an explicit yes before calling the update tool.',
  'Two independent lookups: I can call both tools in one step.',
  'The test output is long; only the failing assertion matters. Next step: open the function it names.',
  'Policy: basic economy cannot be modified, so the only option is cancel and rebook.',
  '用户需要的是配置默认值，我应该先读取 config.ts。',
] as const;

const REMINDERS = [
  '<system-reminder>You have 5 steps left. Finish the current subtask before starting a new one.</system-reminder>',
  '<system-reminder>The plan has 2 unfinished subtasks. Use finish_subtask when a subtask is done.</system-reminder>',
  'Reminder: answer in the language of the user.',
  '[harness] Your previous response contained no tool call. Continue with the task or give your final answer.',
] as const;

const SYSTEM_PROMPTS = [
  'You are a helpful assistant that can interact with a computer shell to solve programming tasks. Think step by step and use one tool call at a time unless the calls are independent.',
  '# Airline Agent Policy\n\nThe current time is 2024-05-15 15:00:00 EST. As an airline agent, you can help users book, modify, or cancel flight reservations. Before taking any action that updates the booking database, obtain explicit user confirmation (yes).',
  'You are a coding agent. Keep answers short. Use the plan tools to track multi-step work.',
  '你是一个乐于助人的助手。请用用户使用的语言回答。',
] as const;

const PATHS = [
  'src/config.ts',
  'astropy/modeling/separable.py',
  'packages/core/src/message/message.ts',
  'tests/test_paginate.py',
  'scripts/seed.ts',
  'src/server/index.ts',
  'docs/guides/quickstart.md',
  'src/数据/读取.ts',
] as const;

const IDENTIFIERS = [
  'separability_matrix',
  'paginate',
  'resolveConfig',
  'ZFA04Y',
  '8JX2WO',
  'HAT170',
  'mia_li_3668',
  'credit_card_4421',
  'gift_card_7195',
  'users_email_key',
] as const;

const WORDS = [
  'config',
  'matrix',
  'result',
  'handler',
  'pending',
  'offset',
  'flight',
  'booking',
  'summary',
  'timeout',
  'retry',
  'cache',
] as const;

/** `count` snippets from `pool`, sometimes followed by a unicode snippet. */
export function sentences(
  random: Random,
  pool: readonly string[],
  count: number,
): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) parts.push(pick(random, pool));
  if (random() < 0.2) parts.push(pick(random, UNICODE_SNIPPETS));
  return parts.join(' ');
}

export function userText(random: Random): string {
  return sentences(
    random,
    random() < 0.15 ? UNICODE_SNIPPETS : USER_REQUESTS,
    between(random, 1, 2),
  );
}

export function preambleText(random: Random): string {
  return sentences(random, ASSISTANT_PREAMBLES, 1);
}

export function finalAnswerText(random: Random): string {
  return sentences(random, FINAL_ANSWERS, between(random, 1, 3));
}

export function reasoningText(random: Random): string {
  return sentences(random, REASONING_TEXTS, between(random, 1, 2));
}

export function reminderText(random: Random): string {
  return pick(random, REMINDERS);
}

export function systemPromptText(random: Random): string {
  return pick(random, SYSTEM_PROMPTS);
}

export function reasoningMetadata(random: Random, index: number): unknown {
  return random() < 0.5
    ? {
        anthropic: {
          signature: `sig_${index}_${Math.floor(random() * 1e9).toString(36)}`,
        },
      }
    : {
        openai: {
          itemId: `rs_${index}`,
          reasoningEncryptedContent: `gAAAAB${Math.floor(random() * 1e12).toString(36)}==`,
        },
      };
}

// ---------------------------------------------------------------------------
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

/** Every tool name a generated conversation may use. */
export const TOOL_NAMES: readonly string[] = [
  ...NORMAL_TOOL_NAMES,
  ...PLAN_TOOL_NAMES,
];

export type OutputKind =
  'text' | 'json' | 'error' | 'large-text' | 'large-json';

export interface GeneratedCall {
  readonly toolName: string;
  readonly input: unknown;
  readonly output: unknown;
  readonly isError: boolean;
}

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

// ---------------------------------------------------------------------------
// Plan tools.

/** A plan tool call and its (short) output. `create_plan` describes a fresh plan. */
export function planCall(
  random: Random,
  toolName: PlanToolName,
): GeneratedCall {
  const subtask = between(random, 0, 3);
  const { input, output } = planPayload(random, toolName, subtask);
  return { toolName, input, output, isError: false };
}

function planPayload(
  random: Random,
  toolName: PlanToolName,
  subtask: number,
): { input: unknown; output: unknown } {
  switch (toolName) {
    case 'create_plan': {
      const count = between(random, 2, 4);
      return {
        input: {
          name: `Fix ${pick(random, IDENTIFIERS)}`,
          description:
            'Reproduce the failure, fix it and add a regression test.',
          expected_outcome: 'All tests pass and the fix is covered by a test.',
          subtasks: Array.from({ length: count }, (_, index) => ({
            name: `Step ${index + 1}: ${pick(random, WORDS)}`,
            description: `Handle the ${pick(random, WORDS)} part.`,
            expected_outcome: `${pick(random, WORDS)} done`,
          })),
        },
        output: `Plan created with ${count} subtasks. Subtask 0 is now in_progress.`,
      };
    }
    case 'update_plan_info':
      return {
        input: { description: `Also update ${pick(random, PATHS)}.` },
        output: 'Plan info updated.',
      };
    case 'revise_current_plan':
      return {
        input: {
          subtask_idx: subtask,
          action: pick(random, ['add', 'revise', 'delete']),
          subtask: {
            name: `Check ${pick(random, WORDS)}`,
            description: 'Double-check.',
            expected_outcome: 'Checked.',
          },
        },
        output: `Subtask at index ${subtask} revised.`,
      };
    case 'update_subtask_state': {
      const state = pick(random, ['todo', 'in_progress', 'abandoned']);
      return {
        input: { subtask_idx: subtask, state },
        output: `Subtask ${subtask} state updated to ${state}.`,
      };
    }
    case 'finish_subtask':
      return {
        input: {
          subtask_idx: subtask,
          subtask_outcome: `${pick(random, WORDS)} fixed in ${pick(random, PATHS)}`,
        },
        output: `Subtask ${subtask} marked as done. Subtask ${subtask + 1} is now in_progress.`,
      };
    case 'view_subtasks':
      return {
        input: { subtask_idx: [0, subtask] },
        output: `Subtask 0: Reproduce [done]\nSubtask ${subtask}: ${pick(random, WORDS)} [in_progress]`,
      };
    case 'get_subtask_count':
      return { input: {}, output: { count: subtask + 2 } };
    case 'finish_plan':
      return {
        input: {
          state: pick(random, ['done', 'abandoned']),
          outcome: 'Fixed and tested.',
        },
        output: 'The current plan is finished.',
      };
    case 'view_historical_plans':
      return {
        input: {},
        output: [
          {
            plan_id: `plan_${subtask}`,
            name: `Fix ${pick(random, IDENTIFIERS)}`,
            state: 'done',
          },
        ],
      };
    case 'recover_historical_plan':
      return {
        input: { plan_id: `plan_${subtask}` },
        output: `Plan plan_${subtask} recovered.`,
      };
  }
}

// ---------------------------------------------------------------------------
// Large payloads: a recognisable head, a long middle, a recognisable tail.

/**
 * A text of `length` characters or a little more: a head (command, header), a
 * middle of numbered lines (some unicode) and a tail (summary, failure), like
 * a test log, a file dump or a build log.
 */
export function largeText(random: Random, length: number): string {
  const flavour = between(random, 0, 2);
  const head =
    flavour === 0
      ? `$ python -m pytest tests/ -q\n============================= test session starts ==============================\nplatform linux -- Python 3.11.4, pytest-7.4.0\ncollected ${between(random, 200, 900)} items\n`
      : flavour === 1
        ? `==> ${pick(random, PATHS)} <==\n// head of file: ${pick(random, IDENTIFIERS)}\n`
        : `[build] ${pick(random, WORDS)} started at 2024-05-15T15:00:00Z\n[build] 构建开始 🚧\n`;
  const tail =
    flavour === 0
      ? `FAILED tests/test_${pick(random, WORDS)}.py::test_${pick(random, IDENTIFIERS)} - AssertionError: expected ${between(random, 1, 9)}, got ${between(random, 10, 99)}\n=================== 1 failed, ${between(random, 100, 800)} passed in ${between(random, 2, 90)}.42s ===================`
      : flavour === 1
        ? `// end of file: export { ${pick(random, IDENTIFIERS)} };`
        : `[build] ERROR in ${pick(random, PATHS)}: Cannot find module '${pick(random, WORDS)}' ❌\n[build] exit code 2`;
  const middle: string[] = [];
  let size = head.length + tail.length;
  for (let line = 1; size < length; line++) {
    const text =
      line % 17 === 0
        ? `${line.toString().padStart(5, '0')} ${pick(random, UNICODE_SNIPPETS)}`
        : `${line.toString().padStart(5, '0')} ${flavour === 0 ? `tests/test_${pick(random, WORDS)}.py::test_case_${line} PASSED` : codeLine(random)}`;
    middle.push(text);
    size += text.length + 1;
  }
  return `${head}${middle.join('\n')}\n${tail}`;
}

/** A JSON value whose serialization has `length` characters or a little more. */
export function largeJson(random: Random, length: number): unknown {
  const items: unknown[] = [];
  let size = 40;
  for (let index = 0; size < length; index++) {
    const item = {
      id: `${pick(random, WORDS)}_${index}`,
      status: pick(random, ['ok', 'failed', 'skipped', 'pending']),
      path: pick(random, PATHS),
      note:
        index % 11 === 0
          ? pick(random, UNICODE_SNIPPETS)
          : `${pick(random, WORDS)} ${pick(random, IDENTIFIERS)}`,
    };
    items.push(item);
    size += JSON.stringify(item).length + 1;
  }
  return { total: items.length, truncated: false, items };
}

/** A large pasted user message (a log or a stack trace). */
export function largeUserText(random: Random, length: number): string {
  return `Here is the full log, please have a look:\n\n${largeText(random, length)}`;
}

function lines(
  random: Random,
  count: number,
  line: (index: number) => string,
): string {
  const result: string[] = [];
  for (let index = 0; index < count; index++) result.push(line(index));
  return result.join('\n');
}

function codeLine(random: Random): string {
  return pick(random, [
    `const ${pick(random, WORDS)} = ${pick(random, IDENTIFIERS)}(${between(random, 0, 99)});`,
    `if (${pick(random, WORDS)} > ${between(random, 0, 999)}) return ${pick(random, WORDS)};`,
    `def ${pick(random, IDENTIFIERS)}(${pick(random, WORDS)}):`,
    `    return ${pick(random, WORDS)}[${between(random, 0, 9)}]`,
    `// ${pick(random, UNICODE_SNIPPETS)}`,
    '}',
  ]);
}
