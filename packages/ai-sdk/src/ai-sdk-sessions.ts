import type {
  AutoContextConfigInput,
  AutoContextMemory,
  CompressionListenerEvent,
  CreateSessionMemory,
  Message,
  SessionLimits,
  SessionStore,
  Summarizer,
  TokenCounter,
} from '@acm/core';
import {
  InvalidArgumentError,
  createAutoContextMemory,
  createSessionRegistry,
  createTiktokenTokenCounter,
  syncMessages,
} from '@acm/core';
import type { AiSdkMessage, AiSdkSpecificationVersion } from './ai-sdk-prompt';
import { fromAiSdkMessage } from './from-ai-sdk-messages';
import { hashValue } from './hash-value';
import { toAiSdkMessage } from './to-ai-sdk-messages';

/** The session id used with `sharedSession: true`. */
export const SHARED_SESSION_ID = 'shared';

/**
 * How the sessions of `autoContextMiddleware` and `autoContextPrepareStep`
 * make and keep their memories (`maxSessions`, `idleTimeoutMs`: the bounds of
 * core's `createSessionRegistry`).
 */
export interface AutoContextSessionOptions extends SessionLimits {
  /**
   * Compression options of every session's memory (ignored with `createMemory`).
   * @default {}
   */
  readonly config?: AutoContextConfigInput;
  /**
   * Writes the LLM summaries (ignored with `createMemory`); see
   * `summarizerFromLanguageModel`.
   * @default core's extractive summarizer (no model)
   */
  readonly summarizer?: Summarizer;
  /**
   * The token counter of the default memories (ignored with `createMemory`:
   * a custom memory brings its own counter, and everything is counted with
   * the memory's counter).
   * @default createTiktokenTokenCounter()
   */
  readonly counter?: TokenCounter;
  /**
   * Persists sessions: each is loaded when first used, saved after every
   * call and before it is evicted, so evicted sessions come back intact.
   * With `createMemory`, pass the same store to your memories.
   * @default undefined (an evicted session starts again from the next prompt)
   */
  readonly store?: SessionStore;
  /**
   * Receives compaction notices and compression events (ignored with `createMemory`).
   * @default undefined
   */
  readonly onEvent?: (event: CompressionListenerEvent) => void;
  /**
   * Makes the memory of a session.
   * @default ({ sessionId }) => createAutoContextMemory({ sessionId, config, summarizer, counter, store, onEvent })
   */
  readonly createMemory?: CreateSessionMemory;
  /**
   * Use one session for every call that names none. Without it, a call
   * without a session id is an error: two conversations sharing one memory
   * wipe each other's history on every call.
   * @default false
   */
  readonly sharedSession?: boolean;
}

export interface ManagedViewRequest {
  /** The session id the call named, if any. */
  readonly sessionId: string | undefined;
  /** The messages as the loop sends them (leading system messages included). */
  readonly messages: readonly AiSdkMessage[];
  /** Tool definitions sent with the call, counted toward the budget. */
  readonly tools?: readonly unknown[];
  /** A system prompt sent outside `messages`, counted toward the budget. */
  readonly system?: string;
  readonly signal?: AbortSignal;
  readonly specificationVersion: AiSdkSpecificationVersion;
}

export interface ManagedView {
  /** Leading system messages, then the memory's working messages. */
  readonly messages: AiSdkMessage[];
  readonly memory: AutoContextMemory;
  /** Our uncalibrated count of the prompt by the memory's counter (computed when asked). */
  readonly estimateTokens: () => number;
}

/** The sessions of one middleware or prepareStep. */
export interface AutoContextSessions {
  /** Maps a call's messages onto its session and returns the managed view. */
  readonly manage: (request: ManagedViewRequest) => Promise<ManagedView>;
  /** The memory of a session held now (e.g. for `contextReloadTool`). */
  readonly getMemory: (sessionId: string) => AutoContextMemory | undefined;
  /** Forgets a session and deletes it from the store. */
  readonly deleteSession: (sessionId: string) => Promise<boolean>;
}

interface SessionData {
  /** The messages of the last view handed out (system messages left out). */
  view: readonly AiSdkMessage[] | undefined;
  /** The memory's revision when that view was made (`undefined` before the first). */
  revision: number | undefined;
  viewVersion: AiSdkSpecificationVersion | undefined;
  fixedKey: string | undefined;
  fixedTokens: number;
}

/**
 * The session layer of both AI SDK integrations: core's bounded registry,
 * core's `syncMessages` (a message's id is its position plus a content hash,
 * computed only for the first message, the last three of the known prefix
 * and the new ones), then the memory's compression and the view, converted
 * once per core message.
 */
export function createAutoContextSessions({
  config = {},
  summarizer,
  counter,
  store,
  onEvent,
  createMemory,
  sharedSession = false,
  maxSessions,
  idleTimeoutMs,
}: AutoContextSessionOptions): AutoContextSessions {
  const makeMemory: CreateSessionMemory =
    createMemory ??
    (() => {
      const shared = counter ?? createTiktokenTokenCounter();
      return ({ sessionId }) =>
        createAutoContextMemory({
          sessionId,
          config,
          summarizer,
          counter: shared,
          store,
          onEvent,
        });
    })();
  const registry = createSessionRegistry<SessionData>({
    createMemory: makeMemory,
    createData: () => ({
      view: undefined,
      revision: undefined,
      viewVersion: undefined,
      fixedKey: undefined,
      fixedTokens: 0,
    }),
    store,
    maxSessions,
    idleTimeoutMs,
  });
  const hashes = new WeakMap<object, string>();
  const hashOf = (message: AiSdkMessage): string => {
    let hash = hashes.get(message);
    if (hash === undefined) {
      hash = hashValue(message);
      hashes.set(message, hash);
    }
    return hash;
  };
  const views = {
    v3: new WeakMap<Message, AiSdkMessage>(),
    v4: new WeakMap<Message, AiSdkMessage>(),
  };
  const toView = (message: Message, version: AiSdkSpecificationVersion) => {
    let converted = views[version].get(message);
    if (converted === undefined) {
      converted = toAiSdkMessage(message, { specificationVersion: version });
      views[version].set(message, converted);
    }
    return converted;
  };

  return {
    manage(request) {
      const sessionId =
        request.sessionId ?? (sharedSession ? SHARED_SESSION_ID : undefined);
      if (sessionId === undefined) {
        throw new InvalidArgumentError({
          parameter: 'sessionId',
          value: undefined,
          message:
            'no session for this call: pass sessionId (a string, or a function of the call that returns one) or providerOptions.acm.sessionId, or sharedSession: true to share one memory across every call',
        });
      }
      return registry.run(sessionId, async ({ memory, data }) => {
        let end = 0;
        while (request.messages[end]?.role === 'system') end++;
        const system = request.messages.slice(0, end);
        const untouched = memory.getState().revision === data.revision;
        const sync = await syncMessages({
          memory,
          messages: request.messages.slice(end),
          idOf: (message, index) => `m${index}-${hashOf(message)}`,
          convert: (fresh, { ids }) =>
            fresh.map((message, index) =>
              fromAiSdkMessage(message, ids[index]!),
            ),
          // After an eviction the last view is gone: the memory's working
          // messages are what a carried-forward view holds.
          lastView:
            data.view ??
            memory
              .getMessages()
              .map((message) => toView(message, request.specificationVersion)),
          isSameMessage: (message, viewMessage) =>
            message === viewMessage || hashOf(message) === hashOf(viewMessage),
        });
        const systemText = [
          ...system.map((message) =>
            typeof message.content === 'string' ? message.content : '',
          ),
          ...(request.system === undefined ? [] : [request.system]),
        ].join('\n\n');
        const tools = request.tools ?? [];
        const fixedKey = `${systemText}\u0000${JSON.stringify(tools)}`;
        if (fixedKey !== data.fixedKey) {
          data.fixedKey = fixedKey;
          data.fixedTokens = memory.countFixedTokens({
            system: systemText === '' ? undefined : systemText,
            tools,
          });
        }
        const compression = await memory.compressIfNeeded({
          fixedTokens: data.fixedTokens,
          signal: request.signal,
        });
        const working = memory.getMessages();
        const convert = (message: Message) =>
          toView(message, request.specificationVersion);
        // Only appended since the last view: extend it instead of mapping the history again.
        const view =
          untouched &&
          data.view !== undefined &&
          data.viewVersion === request.specificationVersion &&
          sync.kind === 'appended' &&
          !compression.applied &&
          working.length === data.view.length + sync.appended.length
            ? data.view.concat(sync.appended.map(convert))
            : working.map(convert);
        data.view = view;
        data.revision = memory.getState().revision;
        data.viewVersion = request.specificationVersion;
        const fixedTokens = data.fixedTokens;
        return {
          messages: [...system, ...view],
          memory,
          estimateTokens: () =>
            memory.countMessageTokens(working) + fixedTokens,
        };
      });
    },
    getMemory: (sessionId) => registry.getMemory(sessionId),
    deleteSession: (sessionId) => registry.deleteSession(sessionId),
  };
}
