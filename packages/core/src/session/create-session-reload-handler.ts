import type {
  ContextReloadHandler,
  ContextReloadMemory,
} from '../tools/reload/create-context-reload-handler';
import { createContextReloadHandler } from '../tools/reload/create-context-reload-handler';

/** The reload tool's answer while the session has no memory yet (no call has run on it). */
export const NO_SESSION_MEMORY_REPLY =
  'No offloaded context is available yet in this conversation.';

/**
 * The `context_reload` handler of a session whose memory is made lazily (by
 * an adapter's first call): `getMemory` is asked on every call, with the
 * tool call's context, and the call is answered by core's
 * `createContextReloadHandler` on that memory, or with
 * {@link NO_SESSION_MEMORY_REPLY} while there is none. Never rejects.
 *
 * @throws InvalidArgumentError (at creation) for a `maxChars` core's handler refuses.
 */
export function createSessionReloadHandler<TContext = void>({
  getMemory,
  sessionId,
  maxChars,
}: {
  readonly getMemory: (context: TContext) => ContextReloadMemory | undefined;
  /** @default the memory's session */
  readonly sessionId?: string;
  /** @default 20000 */
  readonly maxChars?: number;
}): (input: unknown, context: TContext) => Promise<string> {
  createContextReloadHandler({ reload: () => undefined, maxChars }); // validates maxChars now
  const handlers = new WeakMap<ContextReloadMemory, ContextReloadHandler>();
  return async (input, context) => {
    const memory = getMemory(context);
    if (memory === undefined) return NO_SESSION_MEMORY_REPLY;
    let handler = handlers.get(memory);
    if (handler === undefined) {
      handler = createContextReloadHandler({ memory, sessionId, maxChars });
      handlers.set(memory, handler);
    }
    return handler(input);
  };
}
