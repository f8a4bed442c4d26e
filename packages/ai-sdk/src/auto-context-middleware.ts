import type { AutoContextMemory } from '@acm/core';
import { calibrateFromUsage } from '@acm/core/internal';
import type {
  AiSdkMessage,
  AiSdkProviderOptions,
  AiSdkSpecificationVersion,
} from './ai-sdk-prompt';
import type { AutoContextSessionOptions } from './ai-sdk-sessions';
import { createAutoContextSessions } from './ai-sdk-sessions';

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
 * The options of `autoContextMiddleware`: the session of a call, calibration,
 * and how each session's memory is made and kept (`AutoContextSessionOptions`).
 */
export interface AutoContextMiddlewareOptions extends AutoContextSessionOptions {
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
 * `specificationVersion: 'v3'` works on both), plus access to its sessions.
 */
export interface AutoContextMiddleware {
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
  /** The memory of a session held now, e.g. for `contextReloadTool`. */
  getMemory(sessionId: string): AutoContextMemory | undefined;
  /** Forgets a session and deletes it from the store. */
  deleteSession(sessionId: string): Promise<boolean>;
}

/**
 * Gives the model a managed view of the conversation: `transformParams` maps
 * `params.prompt` onto the session's memory (core's `syncMessages`: only the
 * new messages are converted and appended) and hands the model `[leading
 * system messages, ...the memory's working messages]`, compressed by
 * `@acm/core` when a trigger is reached. The same prefix always maps to the
 * same view (provider prompt caches keep hitting); a prompt that no longer
 * continues the session (history edited) rebuilds it. Sessions are bounded
 * (`maxSessions`, `idleTimeoutMs`) and, with a `store`, evicted ones come
 * back intact. System messages and tool definitions count toward the budget;
 * the input tokens the provider reports calibrate the estimate.
 *
 * @example
 * const acm = autoContextMiddleware({ sessionId: 'chat-42', config: { maxToken: 64_000 } });
 * const model = wrapLanguageModel({ model: openai.chat('gpt-4o'), middleware: acm });
 */
export function autoContextMiddleware({
  sessionId,
  calibrate = true,
  ...sessionOptions
}: AutoContextMiddlewareOptions = {}): AutoContextMiddleware {
  const sessions = createAutoContextSessions(sessionOptions);
  /** What each transformed call needs for calibration, by its params object. */
  const estimates = new WeakMap<
    object,
    { memory: AutoContextMemory; estimateTokens: () => number }
  >();

  const record = (params: object, usage: unknown) => {
    const estimate = estimates.get(params);
    if (!calibrate || estimate === undefined) return;
    calibrateFromUsage({
      memory: estimate.memory,
      usage,
      estimatedTokens: estimate.estimateTokens(),
    });
  };

  async function transformParams<TParams extends AiSdkCallOptions>({
    params,
    model,
  }: {
    readonly params: TParams;
    readonly model: { readonly specificationVersion: string };
  }): Promise<TParams> {
    const split = splitProviderOptions(params.providerOptions);
    const view = await sessions.manage({
      sessionId:
        split.sessionId ??
        (typeof sessionId === 'function' ? sessionId(params) : sessionId),
      messages: params.prompt,
      tools: params.tools,
      signal: params.abortSignal,
      specificationVersion: toSpecificationVersion(model.specificationVersion),
    });
    const next: TParams = { ...params, prompt: view.messages };
    if (split.sessionId !== undefined) {
      if (split.providerOptions === undefined) {
        delete (next as { providerOptions?: unknown }).providerOptions;
      } else {
        (next as { providerOptions?: unknown }).providerOptions =
          split.providerOptions;
      }
    }
    estimates.set(next, view);
    return next;
  }

  return {
    specificationVersion: 'v3',
    transformParams,
    wrapGenerate: async ({ doGenerate, params }) => {
      const result = await doGenerate();
      record(params, (result as { usage?: unknown } | undefined)?.usage);
      return result;
    },
    wrapStream: async ({ doStream, params }) => {
      const result = await doStream();
      if (!calibrate || !estimates.has(params)) return result;
      const stream = result.stream.pipeThrough(
        new TransformStream<unknown, unknown>({
          transform(chunk, controller) {
            const part = chunk as { type?: unknown; usage?: unknown } | null;
            if (part?.type === 'finish') record(params, part.usage);
            controller.enqueue(chunk);
          },
        }),
      );
      return { ...result, stream };
    },
    getMemory: sessions.getMemory,
    deleteSession: sessions.deleteSession,
  };
}

function toSpecificationVersion(version: string): AiSdkSpecificationVersion {
  return version === 'v4' ? 'v4' : 'v3';
}

/** The call's provider options without the `acm` namespace, and the session id found there. */
function splitProviderOptions(
  providerOptions: AiSdkCallOptions['providerOptions'],
): {
  providerOptions: AiSdkProviderOptions | undefined;
  sessionId: string | undefined;
} {
  if (
    providerOptions === undefined ||
    !Object.hasOwn(providerOptions, ACM_PROVIDER_OPTIONS_KEY)
  ) {
    return {
      providerOptions: providerOptions as AiSdkProviderOptions | undefined,
      sessionId: undefined,
    };
  }
  const { [ACM_PROVIDER_OPTIONS_KEY]: acm, ...rest } = providerOptions;
  const sessionId = acm?.sessionId;
  return {
    providerOptions:
      Object.keys(rest).length > 0 ? (rest as AiSdkProviderOptions) : undefined,
    sessionId: typeof sessionId === 'string' ? sessionId : undefined,
  };
}
