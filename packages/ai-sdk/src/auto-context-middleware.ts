import type { AiSdkMessage } from '@acm/core/formats';
import { fromAiSdkMessage, toAiSdkMessage } from '@acm/core/formats';
import type {
  AutoContextSessionOptions,
  HistoryMismatchEvent,
  HistoryMismatchPolicy,
  HistoryMode,
  SessionManager,
} from '@acm/core';
import { createSessionManager } from '@acm/core/adapter';
import { answerFromResponse } from './answer-from-response';
import { createAnswerCollector } from './create-answer-collector';

/** The provider-options namespace the middleware reads (`providerOptions.acm.sessionId`) and strips. */
export const ACM_PROVIDER_OPTIONS_KEY = 'acm';

/**
 * The call options the middleware reads: the part of `LanguageModelV3CallOptions`
 * (ai 6) and `LanguageModelV4CallOptions` (ai 7) it needs.
 */
export interface AiSdkCallOptions {
  readonly prompt: readonly AiSdkMessage[];
  readonly tools?: readonly unknown[];
  readonly providerOptions?: Readonly<
    Record<string, Readonly<Record<string, unknown>> | undefined>
  >;
  readonly abortSignal?: AbortSignal;
}

/**
 * How the AI SDK adapters read a call's messages against a stored session
 * (core's `HistoryOptions`, with the AI SDK's default).
 */
export interface AiSdkHistoryOptions {
  /**
   * `'mirror'`: every call sends the full history (`messages` as `useChat`
   * or your own store keep it); only the messages after what the session
   * holds are taken in, and a prompt that does not continue it follows
   * `onMismatch`. `'append'`: ACM's store is the history and a call sends only
   * what is new (after a restart, just the new user message): the model gets
   * the session's stored, managed history plus the new messages, and the
   * middleware records the model's final answer (a result without tool
   * calls) in the session, since the app does not send it back; a prompt
   * that repeats the stored history, or the last stored messages (a retry,
   * the steps of the loop so far), stores nothing twice.
   *
   * `'mirror'` is the default because the middleware then changes only what
   * the model sees of the prompt the app sent, never what the prompt means.
   * @default 'mirror'
   */
  readonly history?: HistoryMode;
  /**
   * A prompt that does not continue the stored session (an edited or
   * regenerated message, another conversation under the same id, only the
   * new message in `'mirror'` mode): `'error'` rejects the call with
   * `HistoryMismatchError` (code `HISTORY_MISMATCH`) and changes nothing;
   * `'fork'` continues in the session `<sessionId>~fork-<n>` (`n`: the stored
   * messages the prompt kept), leaving the stored one as it is (the same
   * branch lands in the same fork, also after a restart; `getMemory(sessionId)`
   * then returns the fork's memory, `onHistoryMismatch` names it);
   * `'replace'` starts the session over from the prompt and archives the
   * messages it drops behind one reload id (`onHistoryMismatch`'s
   * `dropped.archiveId`) until you delete them.
   * @default 'error'
   */
  readonly onMismatch?: HistoryMismatchPolicy;
  /**
   * Receives every mismatch with its outcome (`'error'` before the call
   * rejects, `'fork'` with `forkSessionId`, `'replace'` with `dropped`).
   * @default undefined
   */
  readonly onHistoryMismatch?: (event: HistoryMismatchEvent) => void;
}

/**
 * The options of `autoContextMiddleware`: the session of a call, how its
 * messages are read (`history`, `onMismatch`), calibration, and how each
 * session's memory is made and kept (core's `AutoContextSessionOptions`:
 * memory options, `createMemory`, `store`, `maxSessions`, `idleTimeoutMs`,
 * `sharedSession`).
 */
export interface AutoContextMiddlewareOptions
  extends AutoContextSessionOptions, AiSdkHistoryOptions {
  /**
   * The session of a call: a fixed id, or a function of the call options
   * (returning `undefined` when the call names none).
   * `providerOptions.acm.sessionId` on the call wins over both. A call
   * without a session is an error unless `sharedSession` is set.
   * @default undefined
   */
  readonly sessionId?:
    string | ((params: AiSdkCallOptions) => string | undefined);
  /**
   * Feed the provider-reported input tokens back (`calibrateFromUsage`)
   * so the trigger counts like the provider.
   * @default true
   */
  readonly calibrate?: boolean;
}

/**
 * A `LanguageModelMiddleware` for `wrapLanguageModel` (ai 6 and ai 7:
 * `specificationVersion: 'v3'` works on both), plus access to its sessions:
 * `getMemory` and `deleteSession`, and what the tools a model calls answer
 * through (`reload`, `search`: the session held, or loaded from the store;
 * pass the middleware as `sessions` to `contextReloadTool` /
 * `contextSearchTool`).
 */
export interface AutoContextMiddleware extends AiSdkSessions {
  readonly specificationVersion: 'v3';
  readonly transformParams: <TParams extends AiSdkCallOptions>(options: {
    readonly type: 'generate' | 'stream';
    readonly params: TParams;
    readonly model: { readonly specificationVersion: string };
  }) => Promise<TParams>;
  readonly wrapGenerate: <TResult>(options: {
    readonly doGenerate: () => PromiseLike<TResult>;
    readonly params: AiSdkCallOptions;
  }) => Promise<TResult>;
  readonly wrapStream: <
    TResult extends { readonly stream: ReadableStream },
  >(options: {
    readonly doStream: () => PromiseLike<TResult>;
    readonly params: AiSdkCallOptions;
  }) => Promise<TResult>;
}

/**
 * Gives the model a managed view of the conversation: `transformParams` maps
 * `params.prompt` onto the session's memory (core's session manager: only the
 * new messages are converted and appended) and hands the model `[leading
 * system messages, ...the memory's working messages]`, compressed by
 * `@acm/core` when a trigger is reached. The same prefix always maps to the
 * same view (provider prompt caches keep hitting). The prompt is the full
 * history (`history: 'mirror'`, the default) or what is new (`'append'`); one
 * that does not continue the stored session is never applied silently
 * (`onMismatch`: an error by default, or a fork or a replace with an event).
 * Sessions are bounded
 * (`maxSessions`, `idleTimeoutMs`) and, with a `store`, evicted ones come
 * back intact. System messages and tool definitions count toward the budget;
 * the input tokens the provider reports calibrate the estimate.
 *
 * @example
 * // history: 'mirror' (the default): every call sends the full history.
 * const acm = autoContextMiddleware({ sessionId: 'chat-42', config: { maxToken: 64_000 } });
 * const model = wrapLanguageModel({ model: openai.chat('gpt-4o'), middleware: acm });
 */
export function autoContextMiddleware({
  sessionId,
  calibrate = true,
  ...sessionOptions
}: AutoContextMiddlewareOptions = {}): AutoContextMiddleware {
  const sessions = createAiSdkSessions(
    sessionOptions,
    'pass sessionId (a string, or a function of the call that returns one) or providerOptions.acm.sessionId, ',
  );
  const appends = sessionOptions.history === 'append';
  /** How to calibrate each transformed call, by its params object. */
  const calibrations = new WeakMap<object, (usage: unknown) => void>();
  /** `'append'`: the session and the prompt of each transformed call, to record its answer. */
  const prompts = new WeakMap<
    object,
    { readonly sessionId: string; readonly prompt: readonly AiSdkMessage[] }
  >();
  const record = (params: object, usage: unknown) => {
    if (calibrate) calibrations.get(params)?.(usage);
  };
  /** `'append'`: the final answer into the session (the app does not send it back). */
  const recordAnswer = async (params: object, content: unknown) => {
    const call = prompts.get(params);
    const answer = answerFromResponse(
      content as readonly unknown[] | undefined,
    );
    if (call === undefined || answer === undefined) return;
    await sessions.record({
      sessionId: call.sessionId,
      messages: [...call.prompt, answer],
    });
  };

  async function transformParams<TParams extends AiSdkCallOptions>({
    params,
    model,
  }: {
    readonly params: TParams;
    readonly model: { readonly specificationVersion: string };
  }): Promise<TParams> {
    const { [ACM_PROVIDER_OPTIONS_KEY]: acm, ...providerOptions } =
      params.providerOptions ?? {};
    const call = await sessions.manage({
      sessionId:
        typeof acm?.sessionId === 'string'
          ? acm.sessionId
          : typeof sessionId === 'function'
            ? sessionId(params)
            : sessionId,
      messages: params.prompt,
      tools: params.tools ?? [],
      signal: params.abortSignal,
      variant: model.specificationVersion === 'v4' ? 'v4' : 'v3',
    });
    const next: TParams = { ...params, prompt: call.messages! };
    if (acm !== undefined) {
      // The `acm` namespace is ours: the provider never sees it.
      (next as { providerOptions?: object }).providerOptions =
        Object.keys(providerOptions).length > 0 ? providerOptions : undefined;
    }
    calibrations.set(next, call.calibrate);
    if (appends) {
      prompts.set(next, { sessionId: call.sessionId, prompt: params.prompt });
    }
    return next;
  }

  return {
    specificationVersion: 'v3',
    transformParams,
    wrapGenerate: async ({ doGenerate, params }) => {
      const result = await doGenerate();
      const { usage, content } =
        (result as { usage?: unknown; content?: unknown } | undefined) ?? {};
      record(params, usage);
      await recordAnswer(params, content);
      return result;
    },
    wrapStream: async ({ doStream, params }) => {
      const result = await doStream();
      const calibrated = calibrate && calibrations.has(params);
      const answered = prompts.has(params);
      if (!calibrated && !answered) return result;
      const answer = createAnswerCollector();
      let finished = false;
      const stream = result.stream.pipeThrough(
        new TransformStream<unknown, unknown>({
          transform(chunk, controller) {
            const part = chunk as { type?: unknown; usage?: unknown } | null;
            if (part?.type === 'finish') {
              finished = true;
              record(params, part.usage);
            }
            if (answered) answer.add(chunk);
            controller.enqueue(chunk);
          },
          // The stream ends once the answer is stored (a failed save errors it).
          flush: () =>
            answered && finished
              ? recordAnswer(params, answer.content())
              : undefined,
        }),
      );
      return { ...result, stream };
    },
    ...sessionAccess(
      sessions,
      typeof sessionId === 'string' ? sessionId : undefined,
    ),
  };
}

/** What an AI SDK integration's sessions offer besides the call path: the memories, and the tools' answers resolved through the store. */
export type AiSdkSessions = Pick<
  SessionManager<AiSdkMessage>,
  'getMemory' | 'deleteSession' | 'reload' | 'search' | 'indexForSearch'
>;

/**
 * The session access of an AI SDK integration (`AiSdkSessions`), bound to
 * its session manager; a tool call that names no session reads
 * `defaultSessionId` (the integration's fixed `sessionId`).
 */
export function sessionAccess(
  sessions: SessionManager<AiSdkMessage>,
  defaultSessionId: string | undefined,
): AiSdkSessions {
  return {
    getMemory: sessions.getMemory,
    deleteSession: sessions.deleteSession,
    reload: (sessionId, input, options) =>
      sessions.reload(sessionId ?? defaultSessionId, input, options),
    search: (sessionId, input) =>
      sessions.search(sessionId ?? defaultSessionId, input),
    indexForSearch: sessions.indexForSearch,
  };
}

/**
 * Core's session manager with the AI SDK converters: ids by position, stored
 * messages recognised by content (core's default), views written in the
 * model's prompt version, leading system messages sent as they are.
 */
export function createAiSdkSessions(
  {
    history = 'mirror',
    ...options
  }: AutoContextSessionOptions & AiSdkHistoryOptions,
  howToName: string,
): SessionManager<AiSdkMessage> {
  return createSessionManager<AiSdkMessage>({
    ...options,
    history,
    sessionParameter: 'sessionId',
    missingSessionMessage: `no session for this call: ${howToName}or sharedSession: true to share one memory across every call`,
    systemTextOf: (message) =>
      message.role === 'system' ? message.content : undefined,
    fromFramework: (messages, { ids }) =>
      messages.map((message, index) => fromAiSdkMessage(message, ids[index]!)),
    toFramework: (message, variant) =>
      toAiSdkMessage(message, {
        specificationVersion: variant === 'v4' ? 'v4' : 'v3',
      }),
  });
}
