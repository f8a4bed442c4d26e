import type { Clock, IdGenerator } from '../../vocabulary/clock/clock';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { Message, Role } from '../../vocabulary/message/message';
import { ROLES } from '../../vocabulary/message/message';
import { randomId } from '../../runtime/random-id';
import { systemClock } from '../../runtime/system-clock';
import { timeoutSignal as defaultTimeoutSignal } from '../../runtime/timeout-signal';
import type { MaybePromise } from '../../memory/store/session-store';
import { LONG_TERM_LIMITS } from './long-term-limits';
import type {
  EmbedFunction,
  LongTermMemoryBackend,
} from './long-term-memory-backend';
import { LONG_TERM_MEMORY_MODES } from './long-term-memory-mode';
import type { LongTermMemoryMode } from './long-term-memory-mode';
import { assertValidMemoryOwner } from './memory-owner';
import type { MemoryOwner } from './memory-owner';

/** Options of `createLongTermMemory`: where records live, whose they are, and how they are found. */
export interface CreateLongTermMemoryOptions {
  readonly backend: LongTermMemoryBackend;
  /** Whose memories: a user and/or an agent, independent of the session. */
  readonly owner: MemoryOwner;
  readonly mode: LongTermMemoryMode;
  /**
   * The current session (the conversation's id, the same after a restart):
   * stored on each record (not a search scope) and the scope of message ids
   * for recording each message once. Absent: message ids are the owner's.
   */
  readonly sessionId?: string;
  /** @default systemClock */
  readonly clock?: Clock;
  /** Record ids. @default randomId */
  readonly ids?: IdGenerator;
  /**
   * Embeds texts for hybrid search (the AI SDK's `embedMany`, a LangChain
   * `Embeddings.embedDocuments`). Without it, search is full text only.
   */
  readonly embed?: EmbedFunction;
  /**
   * How long one `embed` call may take. Its signal is aborted then, and the
   * `record`, `remember` or `retrieve` that called it rejects with
   * `LongTermMemoryError` (operation `'embed'`): nothing is recorded (the
   * messages are tried again by the next `record`), and a retrieval through
   * an adapter with `onError` goes on without memories.
   * @default 10_000
   */
  readonly embedTimeoutMs?: number;
  /**
   * Makes the signal that times `embed` out (tests inject their own).
   * @default timeoutSignal (a real timer, cleared when the call settles)
   */
  readonly timeoutSignal?: (ms: number) => AbortSignal;
  /**
   * Turns messages into facts to record (Mem0-style extraction with your own
   * model). Without it, each message's text is one record.
   */
  readonly extract?: (
    messages: readonly Message[],
  ) => MaybePromise<readonly string[]>;
  /** Roles `record(messages)` keeps. @default ['user', 'assistant', 'tool'] */
  readonly recordRoles?: readonly Role[];
  /** Most memories `retrieve` and `retrieve_from_memory` return. @default 5 */
  readonly retrieveLimit?: number;
  /** Longest text `retrieve` returns, in characters. @default 4000 */
  readonly maxRetrieveChars?: number;
}

/** How long one `embed` call may take by default: an embedding request answers in well under a second. */
export const DEFAULT_EMBED_TIMEOUT_MS = 10_000;
/** The longest delay a timer takes (2^31 − 1 ms). */
const MAX_TIMER_MS = 2_147_483_647;

/** The options of a long-term memory, checked, with their defaults filled in. */
export interface LongTermMemorySetup {
  readonly backend: LongTermMemoryBackend;
  /** A frozen copy of the owner, with only the ids it has. */
  readonly owner: MemoryOwner;
  readonly mode: LongTermMemoryMode;
  readonly sessionId: string | undefined;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly embed: EmbedFunction | undefined;
  readonly embedTimeoutMs: number;
  readonly timeoutSignal: (ms: number) => AbortSignal;
  readonly extract: CreateLongTermMemoryOptions['extract'];
  /** Roles `record(messages)` keeps. */
  readonly keptRoles: ReadonlySet<Role>;
  readonly retrieveLimit: number;
  readonly maxRetrieveChars: number;
}

/**
 * Checks the options of `createLongTermMemory` and fills in their defaults.
 *
 * @throws InvalidArgumentError for a missing backend, a bad owner or mode,
 * or limits out of range.
 */
export function resolveLongTermMemoryOptions(
  options: CreateLongTermMemoryOptions,
): LongTermMemorySetup {
  const {
    backend,
    owner,
    mode,
    sessionId,
    clock = systemClock,
    ids = randomId,
    embed,
    embedTimeoutMs = DEFAULT_EMBED_TIMEOUT_MS,
    timeoutSignal = defaultTimeoutSignal,
    extract,
    recordRoles = ['user', 'assistant', 'tool'],
    retrieveLimit = 5,
    maxRetrieveChars = 4_000,
  } = options ?? ({} as CreateLongTermMemoryOptions);
  if (
    backend == null ||
    typeof backend.add !== 'function' ||
    typeof backend.findRecordedMessages !== 'function' ||
    typeof backend.search !== 'function' ||
    typeof backend.deleteOwner !== 'function'
  ) {
    throw new InvalidArgumentError({
      parameter: 'backend',
      value: backend,
      message:
        'must be a LongTermMemoryBackend (add, findRecordedMessages, search, deleteOwner)',
    });
  }
  assertValidMemoryOwner(owner);
  if (!LONG_TERM_MEMORY_MODES.includes(mode)) {
    throw new InvalidArgumentError({
      parameter: 'mode',
      value: mode,
      message: "must be 'static', 'agent' or 'both'",
    });
  }
  if (
    sessionId !== undefined &&
    (typeof sessionId !== 'string' ||
      sessionId.trim() === '' ||
      sessionId.length > LONG_TERM_LIMITS.maxSessionIdChars)
  ) {
    throw new InvalidArgumentError({
      parameter: 'sessionId',
      value: sessionId,
      message: `must be a non-blank string of at most ${LONG_TERM_LIMITS.maxSessionIdChars} characters when given`,
    });
  }
  if (
    !Array.isArray(recordRoles) ||
    !(recordRoles as readonly unknown[]).every((role) =>
      ROLES.includes(role as Role),
    )
  ) {
    throw new InvalidArgumentError({
      parameter: 'recordRoles',
      value: recordRoles,
      message: `must be an array of roles (${ROLES.join(', ')})`,
    });
  }
  if (
    !Number.isInteger(retrieveLimit) ||
    retrieveLimit < 1 ||
    retrieveLimit > LONG_TERM_LIMITS.maxSearchLimit
  ) {
    throw new InvalidArgumentError({
      parameter: 'retrieveLimit',
      value: retrieveLimit,
      message: `must be an integer from 1 to ${LONG_TERM_LIMITS.maxSearchLimit}`,
    });
  }
  if (!Number.isInteger(maxRetrieveChars) || maxRetrieveChars < 100) {
    throw new InvalidArgumentError({
      parameter: 'maxRetrieveChars',
      value: maxRetrieveChars,
      message: 'must be an integer of at least 100',
    });
  }
  if (
    !Number.isInteger(embedTimeoutMs) ||
    embedTimeoutMs < 1 ||
    embedTimeoutMs > MAX_TIMER_MS
  ) {
    throw new InvalidArgumentError({
      parameter: 'embedTimeoutMs',
      value: embedTimeoutMs,
      message: `must be an integer from 1 to ${MAX_TIMER_MS} (milliseconds)`,
    });
  }
  for (const [parameter, value] of [
    ['embed', embed],
    ['extract', extract],
    ['timeoutSignal', timeoutSignal],
  ] as const) {
    if (value !== undefined && typeof value !== 'function') {
      throw new InvalidArgumentError({
        parameter,
        value,
        message: 'must be a function when given',
      });
    }
  }
  const fixedOwner: MemoryOwner = Object.freeze({
    ...(owner.userId !== undefined ? { userId: owner.userId } : {}),
    ...(owner.agentId !== undefined ? { agentId: owner.agentId } : {}),
  });
  return {
    backend,
    owner: fixedOwner,
    mode,
    sessionId,
    clock,
    ids,
    embed,
    embedTimeoutMs,
    timeoutSignal,
    extract,
    keptRoles: new Set(recordRoles),
    retrieveLimit,
    maxRetrieveChars,
  };
}
