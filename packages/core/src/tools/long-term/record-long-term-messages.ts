import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
import type { Message } from '../../vocabulary/message/message';
import { guardLongTermOperation } from './guard-long-term-operation';
import {
  RECORD_TO_MEMORY_TOOL_NAME,
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
} from './long-term-tool-definitions';
import { renderMessageForSearch } from './render-message-for-search';
import type { LongTermMemorySetup } from './resolve-long-term-memory-options';
import { storeLongTermEntries } from './store-long-term-entries';

/**
 * Records each message of a kept role that is not in `recorded` yet (its
 * text, or the facts `extract` returns), and adds its id to `recorded`; all
 * or nothing: when storing fails, the ids are taken out again.
 *
 * @throws InvalidArgumentError when `messages` is not an array of messages.
 */
export async function recordLongTermMessages(
  setup: LongTermMemorySetup,
  recorded: Set<string>,
  messages: readonly Message[],
): Promise<void> {
  const { keptRoles, extract } = setup;
  assertMessages(messages);
  const fresh = messages
    .filter(
      (message) => keptRoles.has(message.role) && !recorded.has(message.id),
    )
    .map(withoutMemoryToolParts);
  if (fresh.length === 0) return;
  for (const message of fresh) recorded.add(message.id);
  try {
    if (extract !== undefined) {
      const facts = await guardLongTermOperation(
        'add',
        async () => await extract(fresh),
      );
      if (
        !Array.isArray(facts) ||
        !facts.every((fact) => typeof fact === 'string')
      ) {
        throw new LongTermMemoryError({
          operation: 'add',
          message: 'extract must return an array of strings',
        });
      }
      await storeLongTermEntries(
        setup,
        facts
          .filter((fact) => fact.trim() !== '')
          .map((text) => ({ text, source: 'framework' as const })),
      );
      return;
    }
    await storeLongTermEntries(
      setup,
      fresh
        .map((message) => ({
          text: renderMessageForSearch(message),
          source: 'framework' as const,
          metadata: { messageId: message.id, role: message.role },
        }))
        .filter((entry) => entry.text.trim() !== ''),
    );
  } catch (error) {
    for (const message of fresh) recorded.delete(message.id);
    throw error;
  }
}

/**
 * The message without its calls to the memory tools and their results: a
 * retrieval recorded again would copy every memory it returned, on every
 * turn.
 */
function withoutMemoryToolParts(message: Message): Message {
  const content = message.content.filter(
    (part) =>
      (part.type !== 'tool-call' && part.type !== 'tool-result') ||
      (part.toolName !== RECORD_TO_MEMORY_TOOL_NAME &&
        part.toolName !== RETRIEVE_FROM_MEMORY_TOOL_NAME),
  );
  return content.length === message.content.length
    ? message
    : { ...message, content };
}

function assertMessages(messages: unknown): asserts messages is Message[] {
  if (
    !Array.isArray(messages) ||
    !messages.every(
      (message: unknown) =>
        message !== null &&
        typeof message === 'object' &&
        typeof (message as Message).id === 'string' &&
        typeof (message as Message).role === 'string' &&
        Array.isArray((message as Message).content),
    )
  ) {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: messages,
      message: 'must be an array of messages ({ id, role, content[] })',
    });
  }
}
