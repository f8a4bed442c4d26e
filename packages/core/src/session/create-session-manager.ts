import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { createTiktokenTokenCounter } from '../runtime/create-tiktoken-token-counter';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { isSameValue } from '../vocabulary/util/is-same-value';
import { createFixedTokenMeter } from './create-fixed-token-meter';
import { createUsageCalibrator } from './create-usage-calibrator';
import { createViewCache } from './create-view-cache';
import {
  createSessionCallData,
  manageSessionCall,
} from './manage-session-call';
import type { SessionCallData } from './manage-session-call';
import type { SessionManager } from './session-manager';
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

/**
 * The session layer every adapter shares: which session a call belongs to
 * (a typed error when it names none), one memory per session in core's
 * bounded registry, the call's messages reconciled with it in O(new messages)
 * (`syncMessages`, with the previous call's list recognised without hashing),
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
  const options = { idOf, fromFramework, isSameMessage, initialFixedTokens };
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

  return {
    manage(request) {
      const sessionId = resolveSessionId(request.sessionId);
      if (sessionId === undefined) {
        return Promise.reject(
          new InvalidArgumentError({
            parameter: sessionParameter,
            value: request.sessionId,
            message: missingSessionMessage,
          }),
        );
      }
      const variant = request.variant ?? '';
      const view = viewOf(variant);
      // The leading system messages: sent as they are, counted as fixed tokens.
      const systemTexts: string[] = [];
      for (const message of request.messages) {
        const text = systemTextOf?.(message);
        if (text === undefined) break;
        systemTexts.push(text);
      }
      const offset = systemTexts.length;
      return registry.run(sessionId, async ({ memory, data }) => {
        const call = await manageSessionCall({
          request,
          memory,
          data,
          variant,
          view,
          systemTexts,
          offset,
          meter,
          options,
        });
        if (indexing) searchOf(memory).sync();
        return call;
      });
    },
    reload(sessionId, input, { maxChars } = {}) {
      // Validates maxChars now, before any session is read.
      createContextReloadHandler({ reload: () => undefined, maxChars });
      return answerSessionTool({
        registry,
        sessionId: resolveSessionId(sessionId),
        noSessionReply: NO_SESSION_MEMORY_REPLY,
        failure: 'Error reloading the offloaded context',
        answer: (memory) =>
          createContextReloadHandler({ memory, maxChars })(input),
      });
    },
    search: (sessionId, input) =>
      answerSessionTool({
        registry,
        sessionId: resolveSessionId(sessionId),
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
    getMemory: (sessionId) => registry.getMemory(sessionId),
    deleteSession: (sessionId) => registry.deleteSession(sessionId),
  };
}
