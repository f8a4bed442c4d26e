import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { AutoContextMemoryOptions } from '../memory/facade/auto-context-memory-options';
import type { Message } from '../vocabulary/message/message';
import type { SessionLimits } from './session-registry';
import type { CreateSessionMemory } from './session-registry';
import type { HistoryOptions } from './history-options';

/**
 * How an adapter's sessions make and keep their memories: the options of
 * every memory (`config`, `summarizer`, `counter`, `store`, `onEvent`, …; the
 * session id comes from the call), the bounds of core's
 * `createSessionRegistry` (`maxSessions`, `idleTimeoutMs`), and what a call
 * without a session id does.
 */
export interface AutoContextSessionOptions
  extends Omit<AutoContextMemoryOptions, 'sessionId'>, SessionLimits {
  /**
   * Makes the memory of a session; the memory options above are then
   * ignored (a custom memory brings its own counter and store: pass the same
   * `store` here too, so evicted sessions are saved and reloaded).
   * @default ({ sessionId }) => new AutoContextMemory({ ...options, sessionId }), one counter shared by all
   */
  readonly createMemory?: CreateSessionMemory;
  /**
   * Use one session (`SHARED_SESSION_ID`) for every call that names none.
   * Without it, such a call is an error: two conversations sharing one
   * memory wipe each other's history on every call.
   * @default false
   */
  readonly sharedSession?: boolean;
}

/**
 * How an adapter plugs its message format into `createSessionManager`, and
 * how its lists are read against a stored session (`history`, `onMismatch`,
 * `onHistoryMismatch`: the adapter passes its default).
 */
export interface SessionManagerOptions<TMessage>
  extends AutoContextSessionOptions, HistoryOptions {
  /**
   * One memory for every call, for an app that runs one conversation (and
   * persists it itself): no registry, no session id needed.
   * @default undefined
   */
  readonly memory?: AutoContextMemory;
  /** The option a call names its session with, for the error when it names none. */
  readonly sessionParameter: string;
  /** The error message for a call without a session (how to name one). */
  readonly missingSessionMessage: string;
  /**
   * What a `HistoryMismatchError` tells the app to set, in the adapter's
   * words.
   * @default "set history: 'append' if the app sends only the new messages, or onMismatch: 'fork' or 'replace' …"
   */
  readonly mismatchRemedy?: string;
  /**
   * Fixed tokens (system prompt, tool schemas) assumed for a memory until a
   * call measures them.
   * @default 0
   */
  readonly initialFixedTokens?: number;
  /**
   * The id a framework message at `index` has, or gets, in the memory.
   * @default `m<index>`, and stored messages are recognised by content: the framework message converted (`fromFramework`) equals the stored one (`isSameValue`)
   */
  readonly idOf?: (message: TMessage, index: number) => string;
  /** Converts new framework messages to core messages with the given ids. */
  readonly fromFramework: (
    messages: readonly TMessage[],
    context: {
      readonly ids: readonly string[];
      readonly memory: AutoContextMemory;
    },
  ) => readonly Message[];
  /** Converts a core message of the view back (done once per message and variant). */
  readonly toFramework: (message: Message, variant: string) => TMessage;
  /**
   * Whether two framework messages are the same.
   * @default identical, or equal by `isSameValue`
   */
  readonly isSameMessage?: (left: TMessage, right: TMessage) => boolean;
  /**
   * The text of a framework system message (`undefined` for any other): the
   * system messages a call's list starts with are sent as they are, ahead of
   * the view, and their text is counted with `system`.
   * @default undefined (no leading messages are set apart)
   */
  readonly systemTextOf?: (message: TMessage) => string | undefined;
}
