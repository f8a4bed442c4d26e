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
 * Each in its own loop (all histories alive). Goals (#13): each adapter ÷
 * core ≤ 2. The adapters' sources belong to the `adapters` stream: this only
 * measures them. Used by cost.ts; see bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import { AutoContextMemory, createTiktokenTokenCounter } from '@acm/core';
import type { Message } from '@acm/core';
import { autoContextMiddleware, toAiSdkMessages } from '@acm/ai-sdk';
import type { AiSdkMessage } from '@acm/ai-sdk';
import type { BaseMessage } from '@langchain/core/messages';
import { autoContextMiddleware as langchainMiddleware } from '@acm/langchain/middleware';

const NO_TRIGGER = { maxToken: 1_000_000_000, msgThreshold: 1_000_000_000 };

export interface AdapterFigures {
  readonly size: number;
  readonly coreAddAndCheckMs: number;
  readonly aiSdkTransformParamsMs: number;
  readonly langchainBeforeModelMs: number;
  readonly aiSdkOverCore: number;
  readonly langchainOverCore: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function measureAdapters({
  buildHistory,
  createMessageStream,
  toLangChain,
  sizes,
  turns,
}: {
  buildHistory: (size: number, prefix: string) => Message[];
  createMessageStream: (prefix: string, first: number) => () => Message;
  toLangChain: (message: Message) => BaseMessage;
  sizes: readonly number[];
  turns: number;
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
      counter: createTiktokenTokenCounter(),
    });
    await memory.addMessages(history);
    await memory.compressIfNeeded();
    const core: number[] = [];
    for (let turn = 0; turn < turns; turn += 1) {
      const message = { ...fresh[turn]!, id: `core-${fresh[turn]!.id}` };
      const start = performance.now();
      await memory.addMessage(message);
      await memory.compressIfNeeded();
      core.push(performance.now() - start);
    }

    // AI SDK middleware.
    const acm = autoContextMiddleware({
      sessionId: `cost-adapters-ai-sdk-${size}`,
      config: NO_TRIGGER,
      counter: createTiktokenTokenCounter(),
    });
    const model = { specificationVersion: 'v3' };
    const system: AiSdkMessage = { role: 'system', content: 'You fix bugs.' };
    const freshPrompt = toAiSdkMessages(fresh);
    let prompt: AiSdkMessage[] = [system, ...toAiSdkMessages(history)];
    await acm.transformParams({ type: 'generate', params: { prompt }, model });
    const aiSdk: number[] = [];
    for (let turn = 0; turn < turns; turn += 1) {
      prompt = [...prompt, freshPrompt[turn]!].map((message) => ({
        ...message,
      }));
      const start = performance.now();
      await acm.transformParams({
        type: 'generate',
        params: { prompt },
        model,
      });
      aiSdk.push(performance.now() - start);
    }

    // LangChain middleware.
    const middleware = langchainMiddleware({
      config: NO_TRIGGER,
      counter: createTiktokenTokenCounter(),
    });
    const beforeModel = middleware.beforeModel as unknown as (
      state: { messages: BaseMessage[] },
      runtime: { configurable: { thread_id: string } },
    ) => Promise<unknown>;
    const runtime = { configurable: { thread_id: `cost-lc-${size}` } };
    const lcState = { messages: history.map(toLangChain) };
    const lcFresh = fresh.map(toLangChain);
    await beforeModel(lcState, runtime);
    const langchain: number[] = [];
    for (let turn = 0; turn < turns; turn += 1) {
      lcState.messages.push(lcFresh[turn]!);
      const start = performance.now();
      await beforeModel(lcState, runtime);
      langchain.push(performance.now() - start);
    }

    const coreAddAndCheckMs = median(core);
    const aiSdkTransformParamsMs = median(aiSdk);
    const langchainBeforeModelMs = median(langchain);
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
