import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createApproximateTokenCounter,
  createExtractiveSummarizer,
  createTiktokenTokenCounter,
  InvalidConfigError,
  resolveConfig,
} from '@acm/core';
import { CONVERSATION_FORMATS } from '@acm/core/formats';
import { loadTiktokenEncoder } from '@acm/core/adapter';
import type {
  AutoContextConfigInput,
  CompressionMode,
  Summarizer,
  TiktokenEncoder,
  TokenCounter,
} from '@acm/core';
import { createFileSessionStore } from '@acm/store-file';
import { CliError } from './cli-error';
import { createOpenAICompatibleSummarizer } from './create-openai-compatible-summarizer';
import { formatResult } from './format-tables';
import { readConversations } from './read-conversations';
import type { FormatOption } from './read-conversations';
import { renderReport } from './render-report';
import { simulate } from './simulate';
import { readCliVersion } from './read-cli-version';
import { suggestName } from './suggest-name';
import type { SimulationProgress } from './simulate';
import type { SimulationResult } from './simulation-result';

/** Where the command writes and what it reads from its environment. */
export interface CliIo {
  /** Where results and help go. */
  readonly stdout: {
    /** Writes `text` as it is (the command adds its own newlines). */
    write(text: string): unknown;
  };
  /** Where errors and progress go; a progress bar is drawn when `isTTY`. */
  readonly stderr: {
    /** Writes `text` as it is (the command adds its own newlines). */
    write(text: string): unknown;
    readonly isTTY?: boolean;
  };
  /** Environment variables (for `--api-key-env`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Folder relative paths are resolved against. */
  readonly cwd: string;
}

/** The text `acm --help` prints: commands, options and exit codes. */
export const USAGE = `Usage:
  acm simulate <file.jsonl|file.jsonl.gz|file.json> [options]
  acm report <result.json> [--html report.html]
  acm --version

Replays agent conversations (JSON Lines of { id, messages }, a JSON array of
them, or one { messages } object; messages in OpenAI chat-completions, OpenAI
Responses items, Anthropic Messages, AI SDK ModelMessage or LangChain serialized
form, detected per conversation) turn by turn
through AutoContextMemory, compressing before every assistant turn, and
measures what the model would have been given.

simulate options:
  --config <file.json>        compression options (AutoContextConfigInput)
  --max-token <n>             the context budget (overrides the config's maxToken)
  --mode <compact|compress|auto>
                              which strategies may run (overrides the config's mode)
  --summarizer <extractive|openai-compatible>
                              who writes summaries (default: extractive, offline)
  --base-url <url>            openai-compatible: API root, e.g. http://127.0.0.1:11434/v1
  --model <name>              openai-compatible: model name
  --api-key-env <VAR>         openai-compatible: environment variable holding the key
                              (default: OPENAI_API_KEY, sent only when set)
  --counter <tiktoken|approximate>
                              token counter (default: tiktoken o200k_base)
  --out <file>                result JSON (default: acm-result.json)
  --html <file>               HTML report (default: acm-report.html)
  --store <dir>               save each conversation's final state there (file store)
  --limit <n>                 replay only the first n conversations
  --conversation <id>         replay only this conversation
  --format <auto|openai-chat|openai-responses|anthropic|ai-sdk|langchain>
                              trace format of every conversation (default: auto)
  -h, --help                  show this help
  -v, --version               print the version of @acm/cli

Exit codes: 0 success, 1 failure (unreadable input, invalid config, ...), 2 usage error.
`;

/**
 * Runs the `acm` command with `args` (without the node and script paths).
 * Never throws: errors are printed to `io.stderr`.
 * @returns the exit code: 0 success, 1 failure, 2 usage error.
 */
export async function runCli(
  args: readonly string[],
  io: CliIo,
): Promise<number> {
  try {
    const [command, ...rest] = args;
    switch (command) {
      case 'simulate':
        await runSimulate(rest, io);
        return 0;
      case 'report':
        await runReport(rest, io);
        return 0;
      case '-h':
      case '--help':
      case 'help':
        io.stdout.write(USAGE);
        return 0;
      case '-v':
      case '--version':
      case 'version':
        io.stdout.write(`${readCliVersion()}\n`);
        return 0;
      case undefined:
        throw usage('missing command');
      default: {
        const suggestion = suggestName(command, COMMANDS);
        throw usage(
          `unknown command ${JSON.stringify(command)}${suggestion === undefined ? '' : `; did you mean ${JSON.stringify(suggestion)}?`}`,
        );
      }
    }
  } catch (error) {
    if (CliError.isInstance(error)) {
      io.stderr.write(`acm: ${error.message}\n`);
      if (error.code === 'usage') io.stderr.write(`\n${USAGE}`);
      return error.exitCode;
    }
    if (InvalidConfigError.isInstance(error)) {
      io.stderr.write(`acm: invalid config: ${error.message}\n`);
      return 1;
    }
    const detail =
      error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr.write(`acm: unexpected error: ${detail}\n`);
    return 1;
  }
}

const COMMANDS = ['simulate', 'report', 'help', 'version'] as const;

function usage(message: string, option?: string): CliError {
  return new CliError({ code: 'usage', message, option });
}

type ParseOptions = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/**
 * Parses `args` with `node:util`'s `parseArgs` after checking them against
 * `options` itself, so that every mistake gets a message for the user: an
 * unknown option names the closest known one ("did you mean"), a missing value
 * says which option lacks it, and a value that starts with a dash (`-1`) is
 * taken as the value instead of Node's "argument is ambiguous".
 */
function parse(
  args: readonly string[],
  options: ParseOptions,
): {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
} {
  const known = options ?? {};
  const names = Object.keys(known);
  const byShort = new Map(
    Object.entries(known).flatMap(([name, option]) =>
      option.short === undefined ? [] : [[option.short, name] as const],
    ),
  );
  const normalized: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--') {
      normalized.push(...args.slice(index));
      break;
    }
    const long = /^--([^=]+)(=.*)?$/s.exec(arg);
    const short = /^-([^-\d])$/.exec(arg);
    if (long === null && short === null) {
      normalized.push(arg);
      continue;
    }
    const name = long === null ? byShort.get(short![1]!) : long[1]!;
    if (name === undefined || !Object.hasOwn(known, name)) {
      const suggestion =
        long === null ? undefined : suggestName(long[1]!, names);
      throw usage(
        `unknown option ${long === null ? arg : `--${long[1]}`}${suggestion === undefined ? '' : `; did you mean --${suggestion}?`}`,
        long === null ? arg : `--${long[1]}`,
      );
    }
    const option = known[name]!;
    if (option.type === 'boolean') {
      if (long?.[2] !== undefined)
        throw usage(`--${name} takes no value, received ${arg}`, `--${name}`);
      normalized.push(`--${name}`);
      continue;
    }
    if (long?.[2] !== undefined) {
      normalized.push(arg);
      continue;
    }
    const value = args[index + 1];
    if (value === undefined || isOptionLike(value, known)) {
      throw usage(`--${name} needs a value`, `--${name}`);
    }
    normalized.push(`--${name}=${value}`);
    index++;
  }
  try {
    const parsed = parseArgs({
      args: normalized,
      options,
      allowPositionals: true,
      strict: true,
    });
    return {
      values: parsed.values,
      positionals: parsed.positionals,
    };
  } catch (error) {
    throw usage(error instanceof Error ? error.message : String(error));
  }
}

/** Whether `arg` reads as an option rather than a value (`-1` and `-0.5` are values). */
function isOptionLike(arg: string, known: NonNullable<ParseOptions>): boolean {
  if (!arg.startsWith('-') || arg === '-') return false;
  if (/^-[\d.]/.test(arg)) return false;
  if (arg.startsWith('--')) return true;
  return Object.values(known).some((option) => `-${option.short}` === arg);
}

function readPositiveInteger(
  name: string,
  value: string | boolean | undefined,
  what: string,
): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  const digits = text.replace(/_/g, '');
  const number = Number(digits);
  if (!/^\d+$/.test(digits) || !Number.isSafeInteger(number) || number < 1) {
    const why =
      typeof value !== 'string' || text === ''
        ? 'is empty'
        : /^-\d/.test(text)
          ? 'is negative'
          : /^\d+(_\d+)*$/.test(text)
            ? number < 1
              ? 'is 0'
              : 'is too large'
            : 'is not a whole number';
    throw usage(
      `--${name} ${what}: expected a whole number of 1 or more (e.g. --${name} 16000), received ${JSON.stringify(value)}, which ${why}`,
      `--${name}`,
    );
  }
  return number;
}

function oneOf<T extends string>(
  name: string,
  value: string | boolean | undefined,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (
    typeof value !== 'string' ||
    !(allowed as readonly string[]).includes(value)
  ) {
    const suggestion =
      typeof value === 'string' ? suggestName(value, allowed) : undefined;
    throw usage(
      `--${name} must be one of ${allowed.join(', ')}, received ${JSON.stringify(value)}${suggestion === undefined ? '' : `; did you mean ${suggestion}?`}`,
      `--${name}`,
    );
  }
  return value as T;
}

async function readConfigFile(path: string): Promise<AutoContextConfigInput> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError({
      code: 'config',
      message: `Cannot read the config file ${path}: ${(error as Error).message}`,
      cause: error,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError({
      code: 'config',
      message: `The config file ${path} is not valid JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CliError({
      code: 'config',
      message: `The config file ${path} must hold a JSON object of compression options.`,
    });
  }
  return value;
}

async function runSimulate(args: readonly string[], io: CliIo): Promise<void> {
  const { values, positionals } = parse(args, {
    config: { type: 'string' },
    'max-token': { type: 'string' },
    mode: { type: 'string' },
    summarizer: { type: 'string' },
    'base-url': { type: 'string' },
    model: { type: 'string' },
    'api-key-env': { type: 'string' },
    counter: { type: 'string' },
    out: { type: 'string' },
    html: { type: 'string' },
    store: { type: 'string' },
    limit: { type: 'string' },
    conversation: { type: 'string' },
    format: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help === true) {
    io.stdout.write(USAGE);
    return;
  }
  const format =
    oneOf<FormatOption>('format', values.format, [
      'auto',
      ...CONVERSATION_FORMATS,
    ]) ?? 'auto';
  if (positionals.length !== 1) {
    throw usage(
      positionals.length === 0
        ? 'simulate needs a conversation file'
        : `simulate takes one file, received ${positionals.length}`,
    );
  }
  const mode = oneOf<CompressionMode>('mode', values.mode, [
    'compact',
    'compress',
    'auto',
  ]);
  const summarizerKind =
    oneOf('summarizer', values.summarizer, [
      'extractive',
      'openai-compatible',
    ] as const) ?? 'extractive';
  const counterKind =
    oneOf('counter', values.counter, ['tiktoken', 'approximate'] as const) ??
    'tiktoken';
  const maxToken = readPositiveInteger(
    'max-token',
    values['max-token'],
    'is the context budget in tokens',
  );
  const limit = readPositiveInteger(
    'limit',
    values.limit,
    'is how many conversations to replay',
  );
  const path = resolve(io.cwd, positionals[0]!);

  let summarizer: Summarizer;
  let summarizerName: string;
  if (summarizerKind === 'openai-compatible') {
    const baseUrl = values['base-url'];
    const model = values.model;
    if (typeof baseUrl !== 'string' || typeof model !== 'string') {
      throw usage(
        '--summarizer openai-compatible needs --base-url and --model',
      );
    }
    const keyVariable =
      typeof values['api-key-env'] === 'string'
        ? values['api-key-env']
        : 'OPENAI_API_KEY';
    const apiKey = io.env[keyVariable];
    if (
      values['api-key-env'] !== undefined &&
      (apiKey === undefined || apiKey === '')
    ) {
      throw new CliError({
        code: 'config',
        message: `--api-key-env ${keyVariable}: the environment variable is not set.`,
      });
    }
    summarizer = createOpenAICompatibleSummarizer({ baseUrl, model, apiKey });
    summarizerName = `openai-compatible ${model} at ${baseUrl}`;
  } else {
    for (const flag of ['base-url', 'model', 'api-key-env'] as const) {
      if (values[flag] !== undefined)
        throw usage(`--${flag} is only for --summarizer openai-compatible`);
    }
    summarizer = createExtractiveSummarizer();
    summarizerName = 'extractive';
  }

  const fileConfig =
    typeof values.config === 'string'
      ? await readConfigFile(resolve(io.cwd, values.config))
      : {};
  const config: AutoContextConfigInput = {
    ...fileConfig,
    ...(maxToken === undefined ? {} : { maxToken }),
    ...(mode === undefined ? {} : { mode }),
  };
  resolveConfig(config); // fail before reading the data

  let conversations = await readConversations(path, { format });
  if (typeof values.conversation === 'string') {
    const wanted = values.conversation;
    conversations = conversations.filter(
      (conversation) => conversation.id === wanted,
    );
    if (conversations.length === 0) {
      throw new CliError({
        code: 'input',
        message: `${path} has no conversation with id ${JSON.stringify(wanted)}.`,
      });
    }
  }
  if (limit !== undefined) conversations = conversations.slice(0, limit);

  const createCounter: () => TokenCounter =
    counterKind === 'approximate'
      ? () => createApproximateTokenCounter()
      : createSharedTiktokenCounterFactory();
  const progress = createProgressReporter(io.stderr);
  const result = await simulate({
    conversations,
    config,
    summarizer,
    summarizerName,
    createCounter,
    store:
      typeof values.store === 'string'
        ? createFileSessionStore({ directory: resolve(io.cwd, values.store) })
        : undefined,
    input: basename(path),
    onProgress: progress.update,
  });
  progress.done();
  io.stdout.write(formatResult(result));
  const outPath = resolve(
    io.cwd,
    typeof values.out === 'string' ? values.out : 'acm-result.json',
  );
  const htmlPath = resolve(
    io.cwd,
    typeof values.html === 'string' ? values.html : 'acm-report.html',
  );
  await writeOutput(outPath, `${JSON.stringify(result, null, 2)}\n`);
  await writeOutput(htmlPath, renderReport(result));
  io.stdout.write(`\nWrote ${outPath}\nWrote ${htmlPath}\n`);
}

/** One tiktoken encoder for every conversation (loading the rank file costs about a second). */
function createSharedTiktokenCounterFactory(): () => TokenCounter {
  let encoder: TiktokenEncoder | undefined;
  return () =>
    createTiktokenTokenCounter({
      loadEncoder: (encoding) => (encoder ??= loadTiktokenEncoder(encoding)),
    });
}

async function runReport(args: readonly string[], io: CliIo): Promise<void> {
  const { values, positionals } = parse(args, {
    html: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help === true) {
    io.stdout.write(USAGE);
    return;
  }
  if (positionals.length !== 1) {
    throw usage(
      positionals.length === 0
        ? 'report needs a result file'
        : `report takes one file, received ${positionals.length}`,
    );
  }
  const path = resolve(io.cwd, positionals[0]!);
  let result: SimulationResult;
  try {
    result = JSON.parse(await readFile(path, 'utf8')) as SimulationResult;
  } catch (error) {
    throw new CliError({
      code: 'input',
      message: `Cannot read the result file ${path}: ${(error as Error).message}`,
      cause: error,
    });
  }
  if (
    result === null ||
    typeof result !== 'object' ||
    result.format !== 'acm-simulation@1'
  ) {
    throw new CliError({
      code: 'input',
      message: `${path} is not an acm simulate result (no "format": "acm-simulation@1").`,
    });
  }
  const htmlPath = resolve(
    io.cwd,
    typeof values.html === 'string' ? values.html : 'acm-report.html',
  );
  await writeOutput(htmlPath, renderReport(result));
  io.stdout.write(`Wrote ${htmlPath}\n`);
}

async function writeOutput(path: string, content: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  } catch (error) {
    throw new CliError({
      code: 'output',
      message: `Cannot write ${path}: ${(error as Error).message}`,
      cause: error,
    });
  }
}

function createProgressReporter(stderr: CliIo['stderr']): {
  update: (progress: SimulationProgress) => void;
  done: () => void;
} {
  let lastConversation = -1;
  let lastDrawn = '';
  if (stderr.isTTY === true) {
    return {
      update: (progress) => {
        const width = 30;
        const filled = Math.round(
          (progress.message / Math.max(1, progress.messageCount)) * width,
        );
        const line = `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(
          (progress.message / Math.max(1, progress.messageCount)) * 100,
        )
          .toString()
          .padStart(
            3,
          )} % ${progress.conversationIndex + 1}/${progress.conversationCount} ${progress.conversationId.slice(0, 40)}`;
        if (line === lastDrawn) return;
        lastDrawn = line;
        stderr.write(`${line}\u001b[K`);
      },
      done: () => {
        if (lastDrawn !== '') stderr.write('\r\u001b[K');
      },
    };
  }
  return {
    update: (progress) => {
      if (progress.conversationIndex === lastConversation) return;
      lastConversation = progress.conversationIndex;
      stderr.write(
        `replaying ${progress.conversationIndex + 1}/${progress.conversationCount}: ${progress.conversationId}\n`,
      );
    },
    done: () => undefined,
  };
}
