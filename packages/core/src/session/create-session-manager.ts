import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { createTiktokenTokenCounter } from '../runtime/create-tiktoken-token-counter';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { isSameValue } from '../vocabulary/util/is-same-value';
import { createFixedTokenMeter } from './create-fixed-token-meter';
import { createUsageCalibrator } from './create-usage-calibrator';
import { createViewCache } from './create-view-cache';
import { emitHistoryMismatch } from './emit-history-mismatch';
import { forkSessionId } from './fork-session-id';
import {
  createSessionCallData,
  manageSessionCall,
  recordSessionCall,
} from './manage-session-call';
import type {
  SessionCall,
  SessionCallData,
  SessionCallMismatch,
} from './manage-session-call';
import type { ManageSessionRequest, SessionManager } from './session-manager';
import type { SessionManagerOptions } from './session-manager-options';
import type { CreateSessionMemory } from './session-registry';
import { createSessionRegistry } from './session-registry';
import { answerSessionTool } from './answer-session-tool';
import { NO_SESSION_MEMORY_REPLY } from './create-session-reload-handler';
import { NO_SEARCH_MEMORY_REPLY } from './create-session-tool-handler';
import { createContextReloadHandler } from '../tools/reload/create-context-reload-handler';
import { createContextSearchHandler } from '../tools/search/create-context-search-handler';
import type { ContextSearchHandler } from '../tools/search/create-context-search-handler';

/** The session id a call gets with `sharedSession: true` when it names none. */
export const SHARED_SESSION_ID = 'shared';

/** Forks of forks a call may go through before a mismatch is an error. */
const MAX_FORK_DEPTH = 8;

const DEFAULT_REMEDY =
  "set history: 'append' if the app sends only the new messages, or onMismatch: 'fork' (continue in a new session) or 'replace' (start over; the dropped messages are archived behind a reload id)";

/**
 * The session layer every adapter shares: which session a call belongs to
 * (a typed error when it names none), one memory per session in core's
 * bounded registry, the call's messages reconciled with it in O(new messages)
 * (`syncMessages`, with the previous call's list recognised without hashing;
 * the list is the full history or what is new, as `history` says, and one
 * that does not continue the session follows `onMismatch`: an error, a fork
 * or a replace, never a silent wipe),
 * what the call sends besides the messages counted once per change, the
 * compression, the view converted once per core message (and extended, not
 * rebuilt, when the memory only appended), and calibration from the
 * provider's usage.
 */
export function createSessionManager<TMessage>({
  memory: fixedMemory,
  sessionParameter,
  missingSessionMessage,
  initialFixedTokens = 0,
  idOf,
  fromFramework,
  toFramework,
  isSameMessage = (left, right) => left === right || isSameValue(left, right),
  systemTextOf,
  createMemory,
  sharedSession = false,
  maxSessions,
  idleTimeoutMs,
  history = 'mirror',
  onMismatch = 'error',
  onHistoryMismatch,
  mismatchRemedy = DEFAULT_REMEDY,
  ...memoryOptions
}: SessionManagerOptions<TMessage>): SessionManager<TMessage> {
  const makeMemory: CreateSessionMemory =
    fixedMemory !== undefined
      ? () => fixedMemory
      : (createMemory ??
        (() => {
          const counter = memoryOptions.counter ?? createTiktokenTokenCounter();
          return ({ sessionId }) =>
            new AutoContextMemory({ ...memoryOptions, counter, sessionId });
        })());
  const registry = createSessionRegistry<SessionCallData<TMessage>>({
    createMemory: makeMemory,
    createData: createSessionCallData,
    store: fixedMemory === undefined ? memoryOptions.store : undefined,
    maxSessions,
    idleTimeoutMs,
  });
  const viewOf = createViewCache(toFramework);
  const meter = createFixedTokenMeter();
  const options = {
    idOf,
    fromFramework,
    isSameMessage,
    initialFixedTokens,
    history,
    onHistoryMismatch,
    remedy: mismatchRemedy,
  };
  /** The fork the last call naming a session continued in (this process). */
  const forks = new Map<string, string>();
  /** Each memory's `context_search` handler: its index lives and dies with the memory. */
  const searches = new WeakMap<AutoContextMemory, ContextSearchHandler>();
  const searchOf = (memory: AutoContextMemory): ContextSearchHandler => {
    let handler = searches.get(memory);
    if (handler === undefined) {
      handler = createContextSearchHandler(memory);
      searches.set(memory, handler);
    }
    return handler;
  };
  let indexing = false;

  const resolveSessionId = (sessionId: unknown): string | undefined => {
    if (fixedMemory !== undefined) return fixedMemory.sessionId;
    if (typeof sessionId === 'string' && sessionId !== '') return sessionId;
    return sharedSession ? SHARED_SESSION_ID : undefined;
  };
  /** The session a call's tools answer from: the fork its last call continued in, if any. */
  const currentSessionId = (sessionId: unknown): string | undefined => {
    const named = resolveSessionId(sessionId);
    return named === undefined ? undefined : (forks.get(named) ?? named);
  };

  /**
   * Runs `step` for a call on its session; a list that does not continue it
   * under `onMismatch: 'fork'` runs again on the fork (a fork of a fork at
   * most `MAX_FORK_DEPTH` deep, then the mismatch is an error).
   */
  const route = async <TResult extends object>(
    request: ManageSessionRequest<TMessage>,
    step: (
      call: SessionCall<TMessage>,
    ) => Promise<TResult | SessionCallMismatch>,
  ): Promise<TResult> => {
    const named = resolveSessionId(request.sessionId);
    if (named === undefined) {
      throw new InvalidArgumentError({
        parameter: sessionParameter,
        value: request.sessionId,
        message: missingSessionMessage,
      });
    }
    const variant = request.variant ?? '';
    const view = viewOf(variant);
    let sessionId = named;
    for (let depth = 0; ; depth++) {
      // The leading system messages: sent as they are, counted as fixed tokens.
      const systemTexts: string[] = [];
      for (const message of request.messages) {
        const text = systemTextOf?.(message);
        if (text === undefined) break;
        systemTexts.push(text);
      }
      const policy =
        onMismatch === 'fork'
          ? depth < MAX_FORK_DEPTH
            ? 'report'
            : 'error'
          : onMismatch;
      const current = sessionId;
      const result = await registry.run(current, async ({ memory, data }) => {
        const outcome = await step({
          request,
          sessionId: current,
          memory,
          data,
          variant,
          view,
          systemTexts,
          offset: systemTexts.length,
          meter,
          options: { ...options, onMismatch: policy },
        });
        if (indexing && !('forkFrom' in outcome)) searchOf(memory).sync();
        return outcome;
      });
      if (!('forkFrom' in result)) {
        if (current === named) forks.delete(named);
        else forks.set(named, current);
        return result;
      }
      sessionId = forkSessionId(current, result.forkFrom.divergedAt);
      emitHistoryMismatch(onHistoryMismatch, {
        type: 'history-mismatch',
        ...result.forkFrom,
        outcome: 'fork',
        forkSessionId: sessionId,
      });
    }
  };

  return {
    manage: (request) => route(request, manageSessionCall),
    record: (request) => route(request, recordSessionCall),
    reload(sessionId, input, { maxChars } = {}) {
      // Validates maxChars now, before any session is read.
      createContextReloadHandler({ reload: () => undefined, maxChars });
      return answerSessionTool({
        registry,
        sessionId: currentSessionId(sessionId),
        noSessionReply: NO_SESSION_MEMORY_REPLY,
        failure: 'Error reloading the offloaded context',
        answer: (memory) =>
          createContextReloadHandler({ memory, maxChars })(input),
      });
    },
    search: (sessionId, input) =>
      answerSessionTool({
        registry,
        sessionId: currentSessionId(sessionId),
        noSessionReply: NO_SEARCH_MEMORY_REPLY,
        failure: 'Error searching the conversation',
        answer: (memory) => searchOf(memory)(input),
      }),
    indexForSearch: () => {
      indexing = true;
    },
    measure: (memory, fixed) => {
      const tokens = meter.measure(memory, fixed);
      return { calibrate: createUsageCalibrator(memory, tokens) };
    },
    resolveSessionId,
    getMemory: (sessionId) =>
      registry.getMemory(forks.get(sessionId) ?? sessionId),
    deleteSession: (sessionId) => {
      forks.delete(sessionId);
      return registry.deleteSession(sessionId);
    },
  };
}
