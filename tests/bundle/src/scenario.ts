/**
 * What each runtime runs (Node, headless Chromium, workerd, edge-runtime):
 * compresses one real SWE-agent conversation (data/sample.jsonl) with the
 * default exact counter through @acm/core, @acm/ai-sdk and @acm/langchain,
 * and returns figures that must be identical everywhere.
 *
 * The tokenizer is never loaded up front: the core run relies on
 * `compressIfNeeded()` loading it (dynamic import where Node's require is
 * missing); the adapter runs follow the documented `await warmUp()`.
 */
import type { Clock, IdGenerator, OpenAIChatMessage } from '@acm/core';
import {
  createAutoContextMemory,
  createTiktokenTokenCounter,
  fromOpenAIMessages,
  warmUp,
} from '@acm/core';
import {
  checkStateContract,
  isTiktokenEncoderLoaded,
} from '@acm/core/internal';
import { autoContextMiddleware, toAiSdkMessages } from '@acm/ai-sdk';
import {
  AutoContextChatMessageHistory,
  toLangChainMessages,
} from '@acm/langchain';

export interface ScenarioResult {
  readonly loadedBeforeFirstCompression: boolean;
  readonly exactCounts: readonly number[];
  readonly core: {
    readonly messages: number;
    readonly tokensBefore: number;
    readonly tokensAfter: number;
    readonly workingMessages: number;
    readonly strategies: readonly string[];
    readonly contractViolations: number;
  };
  readonly aiSdk: {
    readonly promptMessages: number;
    readonly viewMessages: number;
    readonly viewTokens: number;
  };
  readonly langchain: {
    readonly messages: number;
    readonly viewMessages: number;
    readonly viewTokens: number;
  };
}

const MAX_TOKEN = 6_000;

/** Deterministic effects, so that every runtime computes the same figures. */
const effects = (): { clock: Clock; generateId: IdGenerator } => {
  let next = 0;
  return {
    clock: { now: () => 0 },
    generateId: () => (next++).toString(16).padStart(32, '0'),
  };
};

export async function runScenario(
  conversation: readonly OpenAIChatMessage[],
): Promise<ScenarioResult> {
  const messages = fromOpenAIMessages(conversation, {
    generateId: (index) => `m${index}`,
  });
  const loadedBeforeFirstCompression = isTiktokenEncoderLoaded('o200k_base');

  // @acm/core: compressIfNeeded loads the shared tokenizer by itself.
  const memory = createAutoContextMemory({
    sessionId: 'core',
    config: { maxToken: MAX_TOKEN },
    ...effects(),
  });
  await memory.addMessages(messages);
  const result = await memory.compressIfNeeded();
  const counter = createTiktokenTokenCounter();
  const exactCounts = [
    'Hello World',
    '你好，世界',
    '{"path":"src/index.ts"}',
    '<|endoftext|>',
  ].map((text) => counter.countText(text));
  const state = memory.getState();

  // @acm/ai-sdk: the middleware's transformParams on the same conversation.
  await warmUp();
  const middleware = autoContextMiddleware({
    sessionId: 'ai-sdk',
    createMemory: ({ sessionId }) =>
      createAutoContextMemory({
        sessionId,
        config: { maxToken: MAX_TOKEN },
        ...effects(),
      }),
  });
  const prompt = toAiSdkMessages(messages);
  const transformed = await middleware.transformParams({
    type: 'generate',
    params: { prompt },
    model: { specificationVersion: 'v3' },
  });
  const aiSdkMemory = middleware.getMemory('ai-sdk');

  // @acm/langchain: a chat message history that compresses on read.
  const history = new AutoContextChatMessageHistory({
    sessionId: 'langchain',
    config: { maxToken: MAX_TOKEN },
    ...effects(),
  });
  await history.addMessages(toLangChainMessages(messages));
  const view = await history.getMessages();

  return {
    loadedBeforeFirstCompression,
    exactCounts,
    core: {
      messages: messages.length,
      tokensBefore: result.trigger.tokenCount,
      tokensAfter: memory.countTokens(),
      workingMessages: state.working.length,
      strategies: result.events.map((event) => event.strategy),
      contractViolations: checkStateContract({ after: state }).length,
    },
    aiSdk: {
      promptMessages: prompt.length,
      viewMessages: transformed.prompt.length,
      viewTokens: aiSdkMemory?.countTokens() ?? -1,
    },
    langchain: {
      messages: messages.length,
      viewMessages: view.length,
      viewTokens: history.memory.countTokens(),
    },
  };
}
