/**
 * What one turn costs as the history grows (issue #13 items 1, 4 and 6), in
 * one run, on real SWE-bench agent messages:
 *
 * - `addMessage` + a `compressIfNeeded` that finds nothing to do, with the
 *   default exact counter (js-tiktoken o200k_base) and with the approximate
 *   counter, at 1k / 10k / 50k messages of history; beside it the floor
 *   (tokenizing the new message alone) and LangChain's
 *   `summarizationMiddleware` `beforeModel` on the same history;
 * - the stores (file, Redis, Postgres): bytes written and latency of the
 *   `save()` that follows appending one message, at 100 and 10k messages.
 *
 *   cd bench && npx tsx --expose-gc --conditions=@acm/source cost/cost.ts [--turns 200] [--rounds 5]
 *     [--sizes 1000,10000,50000] [--no-stores] [--no-passes] [--no-adapters]
 *
 * Method of the per-turn figures (the ratio "add + check ÷ floor"): every
 * turn adds one new real message and runs `compressIfNeeded` (nothing
 * triggers) on a memory with the default counter; beside it, the floor
 * tokenizes a twin of the same message on a twin of the default counter. The
 * order alternates turn by turn (both halves are reported). ROUNDS rounds of
 * TURNS turns run per size, each on a fresh memory over the same history with
 * the next new messages, the sizes' rounds interleaved (so a change of the
 * machine's load weighs on every size alike), and the medians pool them: 200 turns alone left the
 * ratio at the mercy of which messages fell in which half (the pooled ratio
 * sometimes came out above both halves' ratios); a history still grows by at
 * most TURNS messages, so "at 1k" means 1.0k–1.2k messages. A full GC
 * (`--expose-gc`) precedes each round's loops.
 *
 * The sources run through tsx, whose esbuild transform keeps function names
 * (`keepNames`): each named closure created costs a `defineProperty` call
 * (≈0.5–1 µs), which the published build (tsup, no keepNames) does not pay.
 * The per-turn path of the memory creates no named closure, so the figures
 * hold for both.
 *
 * Prints a table and writes bench/results/cost.json. See bench/README.md.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  AutoContextMemory,
  createApproximateTokenCounter,
  createTiktokenTokenCounter,
} from '@acm/core';
import type { Message, Part, TokenCounter } from '@acm/core';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import {
  AIMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { SimpleChatModel } from '@langchain/core/language_models/chat_models';
import { summarizationMiddleware } from 'langchain';
import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import o200kRanks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { runFreshProcess } from '../lib/run-fresh-process';
import { median } from '../lib/stats';
import { toLangChainToolCalls } from '../lib/to-lang-chain-tool-calls';
import { writeResult } from '../lib/write-result';
import type { AdapterFigures } from './cost-adapters';
import { measurePasses } from './cost-passes';
import type { PassesResult } from './cost-passes';
import { measureStores } from './cost-stores';
import type { StoreFigures } from './cost-stores';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const TURNS = Number(option('turns', '200'));
/**
 * Rounds of TURNS turns per size, each on a fresh memory over the same
 * history with the next new messages, the sizes' rounds interleaved: the
 * medians pool ROUNDS × TURNS turns (a history grows by TURNS messages at
 * most, so "at 1k" stays 1.0k–1.2k).
 */
const ROUNDS = Number(option('rounds', '5'));
const SIZES = option('sizes', '1000,10000,50000').split(',').map(Number);
const ADAPTER_SIZES = option('adapter-sizes', '1000,10000')
  .split(',')
  .map(Number);
const PASS_RUNS = Number(option('pass-runs', '3'));
const WITH_STORES = !process.argv.includes('--no-stores');
const WITH_PASSES = !process.argv.includes('--no-passes');
const WITH_ADAPTERS = !process.argv.includes('--no-adapters');
const MEMORIES = 100;

// ---------------------------------------------------------------------------
// Real messages, copied under fresh ids so that no cache has seen them.

const source = loadSharedConversationsAsCore({ dataset: 'swe' });

/** An endless stream of real SWE messages, whole conversations in order, each copy under fresh ids. */
export function createMessageStream(
  prefix: string,
  firstConversation = 0,
): () => Message {
  let conversation = firstConversation;
  let index = 0;
  let copy = 0;
  return () => {
    let messages = source[conversation % source.length]!.messages;
    while (index >= messages.length) {
      conversation += 1;
      index = 0;
      copy += 1;
      messages = source[conversation % source.length]!.messages;
    }
    const message = messages[index]!;
    index += 1;
    return copyMessage(message, `${prefix}${copy}-`);
  };
}

/** A deep copy (fresh strings: V8 caches regexp results per string object) under prefixed ids. */
export function copyMessage(message: Message, prefix: string): Message {
  const fresh = JSON.parse(JSON.stringify(message)) as Message;
  return {
    ...fresh,
    id: `${prefix}${message.id}`,
    content: fresh.content.map((part): Part => {
      if (part.type === 'tool-call' || part.type === 'tool-result') {
        return { ...part, toolCallId: `${prefix}${part.toolCallId}` };
      }
      return { ...part };
    }),
  };
}

export function buildHistory(size: number, prefix: string): Message[] {
  const next = createMessageStream(prefix);
  const history: Message[] = [];
  for (let index = 0; index < size; index += 1) history.push(next());
  // Continue to the end of the current exchange so the history is well paired.
  return history;
}

// ---------------------------------------------------------------------------
// LangChain's summarizationMiddleware, never triggering (no-op beforeModel).

class NeverCalledChatModel extends SimpleChatModel {
  _llmType(): string {
    return 'never-called';
  }
  _call(): Promise<string> {
    return Promise.reject(new Error('the benchmark never summarizes'));
  }
}

function coreText(message: Message): string {
  return message.content
    .map((part) =>
      part.type === 'text' || part.type === 'reasoning'
        ? part.text
        : part.type === 'tool-call'
          ? JSON.stringify(part.input)
          : part.type === 'tool-result'
            ? typeof part.output === 'string'
              ? part.output
              : JSON.stringify(part.output)
            : '',
    )
    .join('\n');
}

export function toLangChain(message: Message): BaseMessage {
  const text = coreText(message);
  switch (message.role) {
    case 'system':
      return new SystemMessage({ content: text, id: message.id });
    case 'user':
      return new HumanMessage({ content: text, id: message.id });
    case 'assistant':
      return new AIMessage({
        content: text,
        id: message.id,
        tool_calls: toLangChainToolCalls(message),
      });
    case 'tool': {
      const result = message.content.find(
        (part) => part.type === 'tool-result',
      );
      return new ToolMessage({
        content: text,
        id: message.id,
        tool_call_id: result?.type === 'tool-result' ? result.toolCallId : '',
      });
    }
  }
}

// ---------------------------------------------------------------------------
// Per-turn cost of the memory.

interface TurnFigures {
  readonly size: number;
  /** Turns behind the memory medians (ROUNDS × TURNS; LangChain: TURNS). */
  readonly turns: number;
  /** Median ms of addMessage + no-op compressIfNeeded, default counter. */
  readonly addAndCheckDefaultMs: number;
  /** Median ms of tokenizing the new message alone (a twin of it, on a twin of the default counter; see createFloorCounter). */
  readonly floorMs: number;
  readonly addAndCheckDefaultOverFloor: number;
  /** The same ratio on the turns that measured the floor first. */
  readonly overFloorWhenFloorFirst: number;
  /** The same ratio on the turns that ran add + check first. */
  readonly overFloorWhenAddFirst: number;
  /** Median ms of the no-op compressIfNeeded alone, approximate counter. */
  readonly checkApproximateMs: number;
  /** Median ms of addMessage + no-op compressIfNeeded, approximate counter. */
  readonly addAndCheckApproximateMs: number;
  /** Median ms of LangChain summarizationMiddleware.beforeModel (no trigger). */
  readonly langchainBeforeModelMs: number;
  readonly langchainOverAcmDefault: number;
}

const NO_TRIGGER = { msgThreshold: 10_000_000, maxToken: 1_000_000_000 };

/**
 * The floor's counter: the default counter's library and encoding, but its own
 * encoder instance (so its own merge cache of pieces) and its own message
 * cache. It counts everything the memory's counter counts (the histories, then
 * a twin of each new message), so both tokenizers have seen the same texts and
 * the floor is the new message's tokenization under the same conditions,
 * whichever of the two runs first.
 */
function createFloorCounter(): TokenCounter {
  const twin = GptEncoding.getEncodingApi('o200k_base', () => o200kRanks);
  const plainText = { disallowedSpecial: new Set<string>() };
  return createTiktokenTokenCounter({
    loadEncoder: () => ({
      countTokens: (text: string) => twin.countTokens(text, plainText),
    }),
  });
}

/** A copy of `message` with fresh strings and the same ids (its tokens are the same). */
function twinOf(message: Message): Message {
  return JSON.parse(JSON.stringify(message)) as Message;
}

/** One size's history, its stream of new messages and the samples of its turns. */
interface SizeRun {
  readonly size: number;
  readonly history: readonly Message[];
  readonly nextNew: () => Message;
  readonly addAfterFloor: number[];
  readonly addBeforeFloor: number[];
  readonly floorBefore: number[];
  readonly floorAfter: number[];
  readonly checkApproximate: number[];
  readonly addAndCheckApproximate: number[];
  readonly langchain: number[];
}

function prepareSize(
  size: number,
  defaultCounter: TokenCounter,
  floorCounter: TokenCounter,
): SizeRun {
  const history = buildHistory(size, `h${size}-`);
  // Both tokenizers count the history here, one right after the other, so
  // their piece caches (gpt-tokenizer: first in, first out, 100k pieces) hold
  // the same texts in the same order from now on; the memories of the rounds
  // find these counts in the counter's per-message cache and tokenize no
  // history again, so neither cache is refilled behind the other's back.
  defaultCounter.countMessages(history);
  floorCounter.countMessages(history.map(twinOf));
  return {
    size,
    history,
    // New messages come from the other half of the data than the history's start, so that at 1k their texts
    // were not tokenized moments ago (tokenizers cache pieces). The same new messages at every size.
    nextNew: createMessageStream(`n${size}-`, Math.floor(source.length / 2)),
    addAfterFloor: [],
    addBeforeFloor: [],
    floorBefore: [],
    floorAfter: [],
    checkApproximate: [],
    addAndCheckApproximate: [],
    langchain: [],
  };
}

/** One round of TURNS turns at one size, on fresh memories over its history. */
async function runRound(
  run: SizeRun,
  round: number,
  defaultCounter: TokenCounter,
  floorCounter: TokenCounter,
): Promise<void> {
  const { size, history } = run;
  const newMessages: Message[] = [];
  for (let turn = 0; turn < TURNS; turn += 1) newMessages.push(run.nextNew());
  const floorMessages = newMessages.map(twinOf);

  const exact = new AutoContextMemory({
    sessionId: `cost-exact-${size}-${round}`,
    config: NO_TRIGGER,
    counter: defaultCounter,
  });
  await exact.addMessages(history);
  await exact.compressIfNeeded();
  const approximate = new AutoContextMemory({
    sessionId: `cost-approximate-${size}-${round}`,
    config: NO_TRIGGER,
    counter: createApproximateTokenCounter(),
  });
  await approximate.addMessages(history);
  await approximate.compressIfNeeded();
  // Each round's loops start on a collected heap (the setup's garbage is not theirs).
  collectGarbage();

  // Each approach in its own loop (all histories stay alive): a turn of one
  // approach never pays for the garbage another left behind (LangChain's
  // whole-history count allocates in proportion to the history).
  for (let turn = 0; turn < TURNS; turn += 1) {
    // Alternate the order so that neither measure always runs right after the other.
    const floorFirst = turn % 2 === 0;
    const measureFloor = () => {
      const floorStart = performance.now();
      floorCounter.countMessage(floorMessages[turn]!);
      (floorFirst ? run.floorBefore : run.floorAfter).push(
        performance.now() - floorStart,
      );
    };
    if (floorFirst) measureFloor();
    const start = performance.now();
    await exact.addMessage(newMessages[turn]!);
    await exact.compressIfNeeded();
    (floorFirst ? run.addAfterFloor : run.addBeforeFloor).push(
      performance.now() - start,
    );
    if (!floorFirst) measureFloor();
  }

  for (let turn = 0; turn < TURNS; turn += 1) {
    const start = performance.now();
    await approximate.addMessage(newMessages[turn]!);
    const added = performance.now();
    await approximate.compressIfNeeded();
    const end = performance.now();
    run.checkApproximate.push(end - added);
    run.addAndCheckApproximate.push(end - start);
  }

  // LangChain's whole-history count is slow and steady: one round of it.
  if (round === 0) {
    const middleware = summarizationMiddleware({
      model: new NeverCalledChatModel({}),
      trigger: { tokens: 1_000_000_000 },
      keep: { messages: 20 },
    });
    const beforeModel = middleware.beforeModel as unknown as (
      state: { messages: BaseMessage[] },
      runtime: { context: Record<string, unknown> },
    ) => Promise<unknown>;
    const lcState = history.map(toLangChain);
    const lcNew = newMessages.map(toLangChain);
    collectGarbage();
    for (let turn = 0; turn < TURNS; turn += 1) {
      lcState.push(lcNew[turn]!);
      const start = performance.now();
      await beforeModel({ messages: lcState }, { context: {} });
      run.langchain.push(performance.now() - start);
    }
  }
}

function summarizeSize(run: SizeRun): TurnFigures {
  const addAndCheckDefaultMs = median([
    ...run.addAfterFloor,
    ...run.addBeforeFloor,
  ]);
  const floorMs = median([...run.floorBefore, ...run.floorAfter]);
  const langchainBeforeModelMs = median(run.langchain);
  return {
    size: run.size,
    turns: run.addAfterFloor.length + run.addBeforeFloor.length,
    addAndCheckDefaultMs,
    floorMs,
    addAndCheckDefaultOverFloor: addAndCheckDefaultMs / floorMs,
    overFloorWhenFloorFirst:
      median(run.addAfterFloor) / median(run.floorBefore),
    overFloorWhenAddFirst: median(run.addBeforeFloor) / median(run.floorAfter),
    checkApproximateMs: median(run.checkApproximate),
    addAndCheckApproximateMs: median(run.addAndCheckApproximate),
    langchainBeforeModelMs,
    langchainOverAcmDefault: langchainBeforeModelMs / addAndCheckDefaultMs,
  };
}

/**
 * The per-turn figures of every size, the sizes' rounds interleaved (round 1
 * of each size, then round 2 of each, …), so that a change of the machine's
 * load during the run weighs on every size alike (the 50k ÷ 1k ratio is read
 * across sizes).
 */
async function measureTurns(
  sizes: readonly number[],
  defaultCounter: TokenCounter,
  floorCounter: TokenCounter,
  onRound?: (size: number, round: number) => void,
): Promise<TurnFigures[]> {
  const runs = sizes.map((size) =>
    prepareSize(size, defaultCounter, floorCounter),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const run of runs) {
      onRound?.(run.size, round);
      await runRound(run, round, defaultCounter, floorCounter);
    }
  }
  return runs.map(summarizeSize);
}

/** A full collection when the bench runs with --expose-gc (as documented); nothing otherwise. */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

interface MemoriesFigures {
  readonly memories: number;
  readonly totalMs: number;
  readonly totalHeapKB: number;
  readonly perMemoryMs: number;
  readonly perMemoryHeapKB: number;
}

/**
 * What each additional memory with the default counter costs once the
 * tokenizer is loaded (`warmUp()`): a fresh process builds ${MEMORIES}
 * memories, each adds one message and counts it, all kept alive; heap after
 * a full GC (median of 3 processes). Goal (#13): ≤ 50 KB and ≤ 1 ms each.
 */
function measureMemories(): MemoriesFigures {
  const script = `
    const { createAutoContextMemory, warmUp } = await import('@acm/core');
    await warmUp();
    const message = (id) => ({ id, role: 'user', content: [{ type: 'text', text: 'Please fix the failing test in src/index.ts ' + id }] });
    const first = createAutoContextMemory({ sessionId: 'warm' });
    await first.addMessage(message('w'));
    await first.compressIfNeeded();
    const memories = [first];
    globalThis.gc(); globalThis.gc();
    const heap0 = process.memoryUsage().heapUsed;
    const start = performance.now();
    for (let index = 0; index < ${MEMORIES}; index += 1) {
      const memory = createAutoContextMemory({ sessionId: 's' + index });
      await memory.addMessage(message('m' + index));
      await memory.compressIfNeeded();
      memories.push(memory);
    }
    const ms = performance.now() - start;
    globalThis.gc(); globalThis.gc();
    console.log(JSON.stringify({ ms, heapBytes: process.memoryUsage().heapUsed - heap0, kept: memories.length }));`;
  const runs = Array.from({ length: 3 }, () =>
    runFreshProcess<{ ms: number; heapBytes: number }>(script, {
      exposeGc: true,
      sources: true,
    }),
  );
  const totalMs = median(runs.map((run) => run.ms));
  const totalHeapKB = median(runs.map((run) => run.heapBytes)) / 1024;
  return {
    memories: MEMORIES,
    totalMs,
    totalHeapKB,
    perMemoryMs: totalMs / MEMORIES,
    perMemoryHeapKB: totalHeapKB / MEMORIES,
  };
}

function format(value: number, digits = 3): string {
  return value.toFixed(digits);
}

async function main(): Promise<void> {
  const loadavgAtStart = loadavg();
  const defaultCounter = createTiktokenTokenCounter();
  defaultCounter.countText('warm up the rank file');
  const floorCounter = createFloorCounter();
  floorCounter.countText('warm up the rank file');
  // Warm-up: the code paths of every measure are compiled before the first size is timed.
  process.stderr.write('warm-up…\n');
  await measureTurns([300], defaultCounter, floorCounter);
  const memories = measureMemories();
  const turns = await measureTurns(
    SIZES,
    defaultCounter,
    floorCounter,
    (size, round) =>
      process.stderr.write(
        `memory turns at ${size} messages, round ${round + 1}/${ROUNDS}…\n`,
      ),
  );
  const first = turns[0]!;
  const last = turns.at(-1)!;
  const ratios = {
    addAndCheckDefaultOverFloor: Object.fromEntries(
      turns.map((row) => [row.size, row.addAndCheckDefaultOverFloor]),
    ),
    addAndCheckDefaultLargestOverSmallest:
      last.addAndCheckDefaultMs / first.addAndCheckDefaultMs,
    checkApproximateLargestOverSmallest:
      last.checkApproximateMs / first.checkApproximateMs,
  };

  console.log(
    `\nPer turn (median of ${ROUNDS} rounds × ${TURNS} turns, each round a fresh memory over the same history, orders alternating; LangChain: ${TURNS} turns; ms): one new real SWE message, nothing triggers`,
  );
  console.log(
    '| messages | add + check, default | floor: tokenize new message | ratio (floor first / add first) | check, approximate | add + check, approximate | LangChain beforeModel |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of turns) {
    console.log(
      `| ${row.size} | ${format(row.addAndCheckDefaultMs)} | ${format(row.floorMs)} | ${format(row.addAndCheckDefaultOverFloor, 2)} (${format(row.overFloorWhenFloorFirst, 2)} / ${format(row.overFloorWhenAddFirst, 2)}) | ${format(row.checkApproximateMs, 4)} | ${format(row.addAndCheckApproximateMs, 4)} | ${format(row.langchainBeforeModelMs)} |`,
    );
  }
  console.log(
    `\nadd + check default, ${last.size} ÷ ${first.size}: ${format(ratios.addAndCheckDefaultLargestOverSmallest, 2)}; check approximate, ${last.size} ÷ ${first.size}: ${format(ratios.checkApproximateLargestOverSmallest, 2)}`,
  );

  console.log(
    `\nEach additional memory with the default counter (${MEMORIES} memories, each adds one message and counts, after warmUp(); fresh process, median of 3): ${format(memories.perMemoryHeapKB, 2)} KB heap, ${format(memories.perMemoryMs, 3)} ms; all ${MEMORIES}: ${format(memories.totalHeapKB / 1024, 2)} MB, ${format(memories.totalMs, 1)} ms`,
  );

  let passes: PassesResult | undefined;
  if (WITH_PASSES) {
    passes = await measurePasses({ buildHistory, runs: PASS_RUNS });
    console.log(
      `\nCompression passes, 200 ms summarizer, default counter (median of ${PASS_RUNS} runs; first pass = call → its first applied edit)`,
    );
    console.log(
      '| run | history | first pass | tasks / summarizer calls | first pass ÷ 200 ms | whole call | LLM passes | call ÷ (200 ms × LLM passes) | CPU of the call |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const pass of passes.passes) {
      console.log(
        `| ${pass.label} | ${pass.historyMessages} | ${pass.firstPassStrategy} ${format(pass.firstPassMs, 0)} ms | ${pass.firstPassTasks} / ${pass.firstPassSummarizerCalls} | ${format(pass.firstPassOverLatency, 2)} | ${format(pass.callMs, 0)} ms | ${pass.llmPasses} | ${format(pass.callOverLatencyPerLlmPass, 2)} | ${format(pass.callCpuMs, 0)} ms |`,
      );
    }
    console.log(
      `one LLM pass over 1k messages ÷ 200 ms: ${format(passes.ratios.onePassOver1kMessagesOverLatency, 2)} (goal ≤ 2); k = 16 ÷ k = 1: ${format(passes.ratios.k16OverK1, 2)} (goal ≤ 1.5); split spans: ${format(passes.ratios.k16OverK1Split, 2)} at concurrency 16, ${format(passes.ratios.k16OverK1SplitConcurrency64, 2)} at 64`,
    );
  }

  let adapters: AdapterFigures[] = [];
  let adaptersError: string | undefined;
  if (WITH_ADAPTERS) {
    try {
      // Loaded here: an adapter package that fails to load costs this section only.
      const { measureAdapters } = await import('./cost-adapters');
      adapters = await measureAdapters({
        buildHistory,
        createMessageStream,
        toLangChain,
        sizes: ADAPTER_SIZES,
        turns: TURNS,
      });
    } catch (error) {
      adaptersError = error instanceof Error ? error.message : String(error);
      console.log(`\nAdapters not measured: ${adaptersError}`);
    }
    if (adapters.length > 0) {
      console.log(
        `\nAdapters' per-call work, nothing triggers, default counter (median of ${TURNS} calls, ms)`,
      );
      console.log(
        '| messages | core add + check | AI SDK transformParams | ÷ core | @acm/langchain beforeModel | ÷ core |',
      );
      console.log('|---|---|---|---|---|---|');
      for (const row of adapters) {
        console.log(
          `| ${row.size} | ${format(row.coreAddAndCheckMs)} | ${format(row.aiSdkTransformParamsMs)} | ${format(row.aiSdkOverCore, 2)} | ${format(row.langchainBeforeModelMs)} | ${format(row.langchainOverCore, 2)} |`,
        );
      }
    }
  }

  let stores: StoreFigures[] = [];
  if (WITH_STORES) {
    stores = await measureStores({ buildHistory, copyMessage });
  }

  const result = {
    benchmark: 'cost',
    // How this run was started: built packages, or the sources with `--conditions=@acm/source`.
    command: [
      'cd bench && npx tsx',
      ...process.execArgv.filter(
        (flag) => flag === '--expose-gc' || flag.startsWith('--conditions'),
      ),
      'cost/cost.ts',
      ...process.argv.slice(2),
    ].join(' '),
    date: new Date().toISOString(),
    turns: TURNS,
    rounds: ROUNDS,
    sizes: SIZES,
    data: 'shared/data swe-agent-trajectories.jsonl.gz, whole conversations copied under fresh ids',
    config: NO_TRIGGER,
    machine: {
      cpus: cpus().length,
      loadavgAtStart,
      loadavgAtEnd: loadavg(),
      node: process.version,
    },
    memory: turns,
    ratios,
    additionalMemories: memories,
    passes,
    adapters,
    ...(adaptersError === undefined ? {} : { adaptersError }),
    stores,
  };
  writeResult('cost.json', result);
}

if (process.argv[1]?.endsWith('cost.ts')) await main();
