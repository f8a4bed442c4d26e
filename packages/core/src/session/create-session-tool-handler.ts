import { createContextSearchHandler } from '../tools/search/create-context-search-handler';
import type { ContextSearchMemory } from '../tools/search/create-context-search-handler';

/** The `context_search` answer while the session has no memory yet. */
export const NO_SEARCH_MEMORY_REPLY =
  'No earlier messages are available yet in this conversation.';

/**
 * A tool handler over a memory that is given, or picked on every call from
 * the tool call's context (an adapter's session memory, made lazily; a
 * long-term memory of the run's owner): the handler `createHandler` makes is
 * kept per memory (a `WeakMap`, so an index it builds lives with its
 * memory) and answers the call; while `memory` returns nothing, the answer
 * is `noMemoryReply`. The handler of a given memory is made at once.
 */
export function createSessionToolHandler<TMemory extends object, TContext>({
  memory,
  createHandler,
  noMemoryReply,
}: {
  readonly memory: TMemory | ((context: TContext) => TMemory | undefined);
  readonly createHandler: (
    memory: TMemory,
  ) => (input: unknown) => Promise<string>;
  readonly noMemoryReply: string;
}): (input: unknown, context: TContext) => Promise<string> {
  const handlers = new WeakMap<TMemory, (input: unknown) => Promise<string>>();
  const handlerOf = (target: TMemory) => {
    let handler = handlers.get(target);
    if (handler === undefined) {
      handler = createHandler(target);
      handlers.set(target, handler);
    }
    return handler;
  };
  if (typeof memory !== 'function') handlerOf(memory);
  return async (input, context) => {
    const target = typeof memory === 'function' ? memory(context) : memory;
    return target === undefined ? noMemoryReply : handlerOf(target)(input);
  };
}

/**
 * The `context_search` handler of a session (see
 * {@link createSessionToolHandler}): core's `createContextSearchHandler` on
 * the memory, {@link NO_SEARCH_MEMORY_REPLY} while there is none. Never
 * rejects.
 */
export function createSessionSearchHandler<TContext>(
  memory:
    | ContextSearchMemory
    | ((context: TContext) => ContextSearchMemory | undefined),
): (input: unknown, context: TContext) => Promise<string> {
  return createSessionToolHandler({
    memory,
    createHandler: (target) => createContextSearchHandler(target),
    noMemoryReply: NO_SEARCH_MEMORY_REPLY,
  });
}
