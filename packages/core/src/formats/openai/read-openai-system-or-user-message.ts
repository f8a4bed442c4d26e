import type { Message } from '../../vocabulary/message/message';
import { buildMessage, fail, readFields } from './openai-reading';
import { readOpenAIContent, recordOpenAIContent } from './read-openai-content';

/**
 * `system` and `developer` messages become `system` messages; `user` messages
 * may carry files. Their `content` is required, as in the OpenAI API and the
 * other readers (an empty string or array is content, and gives no parts).
 * @throws InvalidMessageError (`invalid-content`) when `content` is missing or
 * `null`: such a message would become one with no parts, saying nothing.
 */
export function readOpenAISystemOrUserMessage(
  input: Record<string, unknown>,
  index: number,
  id: string,
  role: 'system' | 'developer' | 'user',
): Message {
  if (!Object.hasOwn(input, 'content') || input.content === null) {
    throw fail(
      index,
      'invalid-content',
      `content: a ${role} message needs a string or an array of parts, got ${Object.hasOwn(input, 'content') ? 'null' : 'nothing'}`,
    );
  }
  const coreRole = role === 'user' ? 'user' : 'system';
  let name: string | undefined;
  let metadata = readFields(
    input,
    (key, value) => {
      if (key !== 'name' || typeof value !== 'string') return false;
      name = value;
      return true;
    },
    role === 'developer' ? { role: 'developer' } : undefined,
  );
  const content = readOpenAIContent(
    input,
    index,
    role === 'user' ? 'user' : 'text',
  );
  metadata = recordOpenAIContent(metadata, content, coreRole, false);
  return buildMessage(input, id, coreRole, name, content.parts, metadata);
}
