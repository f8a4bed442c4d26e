import type { Message, Part } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import type { TokenCounter } from '../../state/token/token-counter';
import { NEUTRAL_OFFLOAD_ID } from '../../state/token/neutral-offload-id';

/**
 * Wraps `counter` so that the ids a memory mints count the same whatever the
 * session id and the id generator are, and never less than a default id costs
 * (docs/decisions/2026-11-28-compaction-cost.md). Every `${sessionTag}_<id>`
 * in a text, a tool-call input or a tool-result output is counted as
 * `NEUTRAL_OFFLOAD_ID` (the session tag included: a tag's tokens depend on its
 * characters, so counting it would make decisions depend on the session id),
 * so a random id (whose token count depends on its digits) or a custom
 * generator's id (of any length) never changes a trigger, a budget check or a
 * strategy's decision, and a default id (`randomId`) costs at most what is
 * counted: the budget check holds on the prompt as sent. Messages without
 * such an id are passed to `counter` as they are; the others as a copy made
 * once per message object.
 */
export function createIdNeutralTokenCounter({
  counter,
  sessionTag,
}: {
  /** The counter that does the counting. */
  readonly counter: TokenCounter;
  /** The tag every id of the session starts with (`getSessionTag(sessionId)`). */
  readonly sessionTag: string;
}): TokenCounter {
  const prefix = `${sessionTag}_`;
  const pattern = new RegExp(`${sessionTag}_[A-Za-z0-9_-]+`, 'g');
  const neutralize = (text: string) =>
    text.includes(prefix) ? text.replace(pattern, NEUTRAL_OFFLOAD_ID) : text;
  const neutralized = new WeakMap<Message, Message>();

  /** `message` itself when it holds no id, else a copy with every id at the fixed width (cached). */
  const neutralMessage = (message: Message): Message => {
    const cached = neutralized.get(message);
    if (cached !== undefined) return cached;
    const content = message.content.map((part) =>
      neutralizePart(part, prefix, neutralize),
    );
    const changed = content.some(
      (part, index) => part !== message.content[index],
    );
    const result = changed ? { ...message, content } : message;
    neutralized.set(message, result);
    return result;
  };

  const load = counter.load;
  return {
    name: counter.name,
    ...(load === undefined ? {} : { load: () => load.call(counter) }),
    countText: (text) => counter.countText(neutralize(text)),
    countMessage: (message) => counter.countMessage(neutralMessage(message)),
    countMessages: (messages) => {
      const mapped = messages.map(neutralMessage);
      return counter.countMessages(
        mapped.every((message, index) => message === messages[index])
          ? messages
          : mapped,
      );
    },
  };
}

function neutralizePart(
  part: Part,
  prefix: string,
  neutralize: (text: string) => string,
): Part {
  switch (part.type) {
    case 'text':
    case 'reasoning': {
      const text = neutralize(part.text);
      return text === part.text ? part : { ...part, text };
    }
    case 'tool-call':
      // Most inputs hold no id: answered without building their JSON.
      if (!jsonIncludes(part.input, prefix)) return part;
      return { ...part, input: neutralize(stringifyToolOutput(part.input)) };
    case 'tool-result':
      if (!jsonIncludes(part.output, prefix)) return part;
      return { ...part, output: neutralize(stringifyToolOutput(part.output)) };
    case 'file':
      return part;
  }
}

/**
 * Whether a string of the JSON value `value` (object keys included) contains
 * `needle`: what `stringifyToolOutput(value).includes(needle)` answers for a
 * needle of hex digits and `_` (which JSON never escapes), without building
 * the JSON text. Iterative (any depth).
 */
function jsonIncludes(value: unknown, needle: string): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') {
      if (current.includes(needle)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const key of Object.keys(current)) {
        if (key.includes(needle)) return true;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}
