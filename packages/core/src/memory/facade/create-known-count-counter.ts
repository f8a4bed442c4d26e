import type { Message } from '../../vocabulary/message/message';
import type { TokenCounter } from '../../state/token/token-counter';

/**
 * `counter`, except that counting one of `current` (the working messages the
 * memory counted) answers the carried-forward `tokens`, so a check that
 * changes nothing costs no scan of the history.
 */
export function createKnownCountCounter(
  counter: TokenCounter,
  tokens: number,
  current: readonly (readonly Message[])[],
): TokenCounter {
  // Methods, not arrow properties: a build that keeps function names would
  // name each arrow on every check.
  return {
    name: counter.name,
    countText(text) {
      return counter.countText(text);
    },
    countMessage(message) {
      return counter.countMessage(message);
    },
    countMessages(messages) {
      return current.includes(messages)
        ? tokens
        : counter.countMessages(messages);
    },
  };
}
