import type { ContextState } from './context-state';

/**
 * Removes the working message at `index`. The original messages keep it, as in
 * the reference implementation: deleting hides a message from the model, it
 * does not rewrite history.
 *
 * Tool pairing is kept: a message of a tool exchange (the assistant message
 * with the tool calls, or one of the tool messages right after it holding
 * their results) is removed together with the whole exchange, so no result is
 * left without its call and no call without its results.
 *
 * An index that is not an integer in `[0, working.length)` is a no-op: the same
 * `state` object is returned, unchanged, with the same revision (the reference
 * ignores out-of-range deletes too).
 */
export function deleteWorkingMessage(
  state: ContextState,
  index: number,
): ContextState {
  const { working } = state;
  if (!Number.isInteger(index) || index < 0 || index >= working.length) {
    return state;
  }
  let start = index;
  let end = index + 1;
  let owner = index;
  while (owner >= 0 && working[owner]!.role === 'tool') owner--;
  const callsTools =
    owner >= 0 &&
    working[owner]!.role === 'assistant' &&
    working[owner]!.content.some((part) => part.type === 'tool-call');
  if (callsTools && (owner === index || working[index]!.role === 'tool')) {
    start = owner;
    end = owner + 1;
    while (end < working.length && working[end]!.role === 'tool') end++;
  }
  return {
    ...state,
    working: [...working.slice(0, start), ...working.slice(end)],
    revision: state.revision + 1,
  };
}
