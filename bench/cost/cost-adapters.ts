/**
 * The adapters' per-call work when nothing triggers (issue #13 item 3), beside
 * core's own per-turn work on the same messages, with the default exact
 * counter, at 1k and 10k messages of real SWE-bench history:
 *
 * - `@acm/ai-sdk` `autoContextMiddleware().transformParams`: each step the
 *   prompt is rebuilt as new objects (as the AI SDK does; not timed), one new
 *   message at its end;
 * - `@acm/langchain` `autoContextMiddleware().beforeModel`: the agent state's
 *   message list grows by one LangChain message a turn;
 * - core: `memory.addMessage` + no-op `compressIfNeeded` (a memory of its own).
 *
 * All three take the same new message each turn, timed one after the other in
 * a rotating order (all histories alive), so each sees the same untimed work
 * before it and the same tokenizer caches: run in separate loops (as before),
 * the loop that came later on the same texts found the tokenizer's merge
 * cache warm, and only the AI SDK loop followed the untimed prompt copies that
 * evict the CPU caches (`session-sync.ts`, with other data, order and a full GC
 * before each call, gave other ratios). Goals (#13): each adapter ÷ core ≤ 2. The adapters' sources belong to the `adapters` stream: this only
 * measures them. Used by cost.ts; see bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { AutoContextMemory, createTiktokenTokenCounter } from '@acm/core';
import type { Message, TokenCounter } from '@acm/core';
import { autoContextMiddleware, toAiSdkMessages } from '@acm/ai-sdk';
import type { AiSdkMessage } from '@acm/ai-sdk';
import type { BaseMessage } from '@langchain/core/messages';
import { autoContextMiddleware as langchainMiddleware } from '@acm/langchain/middleware';
import { median } from '../lib/stats';

const NO_TRIGGER = { maxToken: 1_000_000_000, msgThreshold: 1_000_000_000 };

export interface AdapterFigures {
  readonly size: number;
  readonly coreAddAndCheckMs: number;
  readonly aiSdkTransformParamsMs: number;
  readonly langchainBeforeModelMs: number;
  readonly aiSdkOverCore: number;
  readonly langchainOverCore: number;
}

export async function measureAdapters({
  buildHistory,
  createMessageStream,
  toLangChain,
  sizes,
  turns,
  makeCounter = createTiktokenTokenCounter,
}: {
  buildHistory: (size: number, prefix: string) => Message[];
  createMessageStream: (prefix: string, first: number) => () => Message;
  toLangChain: (message: Message) => BaseMessage;
  sizes: readonly number[];
  turns: number;
  /** The counter of each memory (a new one per loop). @default createTiktokenTokenCounter */
  makeCounter?: () => TokenCounter;
}): Promise<AdapterFigures[]> {
  const figures: AdapterFigures[] = [];
  for (const size of sizes) {
    process.stderr.write(`adapters at ${size} messages…\n`);
    const history = buildHistory(size, `ad${size}-`);
    const next = createMessageStream(`adn${size}-`, 50);
    const fresh: Message[] = [];
    for (let turn = 0; turn < turns; turn += 1) fresh.push(next());

    // Core alone.
    const memory = new AutoContextMemory({
      sessionId: `cost-adapters-core-${size}`,
      config: NO_TRIGGER,
      counter: makeCounter(),
    });
    await memory.addMessages(history);
    await memory.compressIfNeeded();

    // AI SDK middleware.
    const acm = autoContextMiddleware({
      sessionId: `cost-adapters-ai-sdk-${size}`,
      config: NO_TRIGGER,
      counter: makeCounter(),
    });
    const model = { specificationVersion: 'v3' };
    const system: AiSdkMessage = { role: 'system', content: 'You fix bugs.' };
    const freshPrompt = toAiSdkMessages(fresh);
    let prompt: AiSdkMessage[] = [system, ...toAiSdkMessages(history)];
    await acm.transformParams({ type: 'generate', params: { prompt }, model });

    // LangChain middleware.
    const middleware = langchainMiddleware({
      config: NO_TRIGGER,
      counter: makeCounter(),
    });
    const beforeModel = middleware.beforeModel as unknown as (
      state: { messages: BaseMessage[] },
      runtime: { configurable: { thread_id: string } },
    ) => Promise<unknown>;
    const runtime = { configurable: { thread_id: `cost-lc-${size}` } };
    const lcState = { messages: history.map(toLangChain) };
    const lcFresh = fresh.map(toLangChain);
    await beforeModel(lcState, runtime);

    // One turn = the same new message through all three, in a rotating
    // order: each sees the same untimed work before it (the AI SDK's new
    // prompt objects, which evict caches) and the same tokenizer cache state.
    const steps: (() => Promise<unknown>)[] = [
      async () => {
        const message = { ...fresh[turn]!, id: `core-${fresh[turn]!.id}` };
        await memory.addMessage(message);
        await memory.compressIfNeeded();
      },
      () =>
        acm.transformParams({ type: 'generate', params: { prompt }, model }),
      () => beforeModel(lcState, runtime),
    ];
    const times: number[][] = [[], [], []];
    let turn = 0;
    for (; turn < turns; turn += 1) {
      // Each step the AI SDK builds new prompt objects (same content); LangGraph appends to its state.
      prompt = [...prompt, freshPrompt[turn]!].map((message) => ({
        ...message,
      }));
      lcState.messages.push(lcFresh[turn]!);
      for (let offset = 0; offset < steps.length; offset += 1) {
        const which = (turn + offset) % steps.length;
        const start = performance.now();
        await steps[which]!();
        times[which]!.push(performance.now() - start);
      }
    }

    const coreAddAndCheckMs = median(times[0]!);
    const aiSdkTransformParamsMs = median(times[1]!);
    const langchainBeforeModelMs = median(times[2]!);
    figures.push({
      size,
      coreAddAndCheckMs,
      aiSdkTransformParamsMs,
      langchainBeforeModelMs,
      aiSdkOverCore: aiSdkTransformParamsMs / coreAddAndCheckMs,
      langchainOverCore: langchainBeforeModelMs / coreAddAndCheckMs,
    });
  }
  return figures;
}
