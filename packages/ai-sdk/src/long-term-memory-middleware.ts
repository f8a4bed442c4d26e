import type { AiSdkMessage } from '@acm/core/formats';
import { fromAiSdkMessage } from '@acm/core/formats';
import type { Message } from '@acm/core';
import type { LongTermMemory } from '@acm/core/long-term';
import type { AutoContextMiddleware } from './auto-context-middleware';
import type { AiSdkCallOptions } from './auto-context-middleware';
import {
  createLongTermMessageTurns,
  findLastIndex,
  hashValue,
} from '@acm/core/adapter';

/** What failed, for `onError`: the retrieval before a call, or the recording after it. */
export interface LongTermMemoryErrorContext {
  readonly operation: 'retrieve' | 'record';
}

export interface LongTermMemoryMiddlewareOptions {
  /**
   * The long-term memory of the call's owner (`createLongTermMemory`), or a
   * function picking it from the call (e.g. from your own provider option),
   * `undefined` for a call without one. In `'agent'` mode the middleware does
   * nothing: give the model `longTermMemoryTools` instead.
   */
  readonly memory:
    LongTermMemory | ((params: AiSdkCallOptions) => LongTermMemory | undefined);
  /**
   * Receives a failed recording (after the reply: never thrown into the call)
   * and, when given, a failed retrieval (the call then goes on without
   * memories). Without it, a failed retrieval rejects the call and a failed
   * recording is dropped.
   * @default undefined
   */
  readonly onError?: (
    error: unknown,
    context: LongTermMemoryErrorContext,
  ) => void;
}

/** A `LanguageModelMiddleware` (`specificationVersion: 'v3'`, ai 6 and 7) plus `flush`. */
export type LongTermMemoryMiddleware = Pick<
  AutoContextMiddleware,
  'specificationVersion' | 'transformParams' | 'wrapGenerate' | 'wrapStream'
> & {
  /** Resolves when every recording started so far has settled (never rejects). */
  flush(): Promise<void>;
};

/**
 * Long-term memory's static mode (`'static'` and `'both'`) as AI SDK
 * middleware. Before a call it retrieves the memories relevant to the latest
 * user message (once per user message: the steps of a tool loop reuse it)
 * and puts `<long_term_memory>…</long_term_memory>` as the first text part of
 * that message, for this call only: the system prompt and every earlier
 * message stay byte-identical, so provider prompt caches keep hitting (ADR
 * 2026-11-26-long-term-memory-adapters). After the model answered, it records
 * the turn (the latest user message, the tool results after it and the
 * answer; core records each message once, by id, in the backend: a call sent
 * again after a restart or to another instance adds nothing) without awaiting
 * it: the reply is never delayed, and a failure goes to `onError`.
 *
 * Put it after `autoContextMiddleware` so ACM manages the conversation
 * without the injected block:
 *
 * @example
 * const model = wrapLanguageModel({ model, middleware: [acm, longTermMemoryMiddleware({ memory })] });
 */
export function longTermMemoryMiddleware({
  memory,
  onError,
}: LongTermMemoryMiddlewareOptions): LongTermMemoryMiddleware {
  const turns = createLongTermMessageTurns<AiSdkMessage, AiSdkCallOptions>({
    // A getter's memories in agent mode are skipped call by call.
    memory:
      typeof memory === 'function'
        ? (params) => {
            const current = memory(params);
            return current?.mode === 'agent' ? undefined : current;
          }
        : memory,
    mode: typeof memory === 'function' ? 'static' : undefined,
    isUser: (message) => message.role === 'user',
    toCore: (messages) => messages.map(toCore),
    withContent: (message, content) =>
      ({ ...message, content }) as AiSdkMessage,
    onError,
  });
  /** The turn each transformed call records after its answer, and its call. */
  const pendingTurns = new WeakMap<
    object,
    { params: AiSdkCallOptions; messages: readonly AiSdkMessage[] }
  >();
  const record = (params: object, answer: AiSdkMessage): void => {
    const turn = pendingTurns.get(params);
    if (turn !== undefined) {
      turns.record([...turn.messages, answer], turn.params);
    }
  };

  return {
    specificationVersion: 'v3',
    async transformParams({ params }) {
      const prompt = await turns.inject(params.prompt, params);
      const next = prompt === params.prompt ? params : { ...params, prompt };
      const index = findLastIndex(
        params.prompt,
        (message) => message.role === 'user',
      );
      if (index < 0) return next;
      pendingTurns.set(next, {
        params,
        // The answers of earlier steps were recorded as answers.
        messages: params.prompt
          .slice(index)
          .filter((message) => message.role !== 'assistant'),
      });
      return next;
    },
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      const content = (result as { content?: unknown } | undefined)?.content;
      record(params, {
        role: 'assistant',
        content: Array.isArray(content) ? content : [],
      });
      return result;
    },
    async wrapStream({ doStream, params }) {
      const result = await doStream();
      if (!pendingTurns.has(params)) return result;
      const text: string[] = [];
      const calls: unknown[] = [];
      const stream = result.stream.pipeThrough(
        new TransformStream<unknown, unknown>({
          transform(chunk, controller) {
            const part = chunk as {
              type?: unknown;
              delta?: unknown;
            } | null;
            if (part?.type === 'text-delta' && typeof part.delta === 'string') {
              text.push(part.delta);
            } else if (part?.type === 'tool-call') {
              calls.push(part);
            }
            controller.enqueue(chunk);
          },
          flush() {
            const joined = text.join('');
            record(params, {
              role: 'assistant',
              content: [
                ...(joined === '' ? [] : [{ type: 'text', text: joined }]),
                ...calls,
              ],
            } as AiSdkMessage);
          },
        }),
      );
      return { ...result, stream };
    },
    flush: () => turns.flush(),
  };
}

/** A prompt message as a core message, named by its content so core records it once. */
function toCore(message: AiSdkMessage): Message {
  return fromAiSdkMessage(message, `ai-sdk-${hashValue(message)}`);
}
