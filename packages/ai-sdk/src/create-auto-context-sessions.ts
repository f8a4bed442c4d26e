import type {
  AutoContextConfigInput,
  AutoContextMemory,
  CompressionListenerEvent,
  SessionStore,
  Summarizer,
  TokenCounter,
} from '@acm/core';
import { createAutoContextMemory, createTiktokenTokenCounter } from '@acm/core';
import type { CreateSessionMemory, SessionRegistry } from './session-registry';
import { createSessionRegistry } from './session-registry';

/** The session used when neither the option nor the call names one. */
export const DEFAULT_SESSION_ID = 'default';

/**
 * How the sessions of `autoContextMiddleware` and `autoContextPrepareStep`
 * make and keep their memories.
 */
export interface AutoContextSessionOptions {
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
   * The token counter the default memories are built with (ignored with
   * `createMemory`: a custom memory brings its own counter). Counting always
   * uses each session's memory (`memory.countFixedTokens` for the system
   * prompt and the tool schemas, the memory's counter for the messages and
   * the middleware's calibration estimate), so the trigger never mixes two
   * counters.
   * @default createTiktokenTokenCounter()
   */
  readonly counter?: TokenCounter;
  /**
   * Persists sessions: each is loaded when first used and saved after every
   * model call (middleware) or step (`prepareStep`); with `createMemory`,
   * pass the same store to your memories.
   * @default undefined (sessions live in this middleware or prepareStep only)
   */
  readonly store?: SessionStore;
  /**
   * Receives compaction notices and compression events (ignored with `createMemory`).
   * @default undefined
   */
  readonly onEvent?: (event: CompressionListenerEvent) => void;
  /**
   * Makes the memory of a session. The memory brings its own counter: the
   * messages, the system prompt, the tool schemas and the middleware's
   * calibration estimate are all counted with it (the `counter` option is
   * not used).
   * @default ({ sessionId }) => createAutoContextMemory({ sessionId, config, summarizer, counter, store, onEvent })
   */
  readonly createMemory?: CreateSessionMemory;
}

/** The sessions of one middleware or prepareStep, by id. */
export interface AutoContextSessions {
  /** The session's managed view of a call's messages (see `createSessionRegistry`). */
  readonly manage: SessionRegistry['manage'];
  /** The memory of a session that has been used (default: `DEFAULT_SESSION_ID`). */
  readonly getMemory: (sessionId?: string) => AutoContextMemory | undefined;
  /** Forgets a session's memory (default: `DEFAULT_SESSION_ID`). */
  readonly deleteSession: (sessionId?: string) => boolean;
}

/**
 * Applies the defaults of the session options once for both AI SDK
 * integrations: a memory factory over `config`, `summarizer`, `counter`,
 * `store` and `onEvent` unless `createMemory` is given, and a session
 * registry that persists when a store is given.
 */
export function createAutoContextSessions({
  config = {},
  summarizer,
  counter = createTiktokenTokenCounter(),
  store,
  onEvent,
  createMemory = ({ sessionId }) =>
    createAutoContextMemory({
      sessionId,
      config,
      summarizer,
      counter,
      store,
      onEvent,
    }),
}: AutoContextSessionOptions): AutoContextSessions {
  const registry = createSessionRegistry({
    createMemory,
    persist: store !== undefined,
  });
  return {
    manage: (request) => registry.manage(request),
    getMemory: (sessionId = DEFAULT_SESSION_ID) =>
      registry.getMemory(sessionId),
    deleteSession: (sessionId = DEFAULT_SESSION_ID) =>
      registry.deleteSession(sessionId),
  };
}
