import type { Message } from '../../vocabulary/message/message';
import { buildMessage, readFields } from './openai-reading';
import { readOpenAIContent, recordOpenAIContent } from './read-openai-content';

/** `system` and `developer` messages become `system` messages; `user` messages may carry files. */
export function readOpenAISystemOrUserMessage(
  input: Record<string, unknown>,
  index: number,
  id: string,
  role: 'system' | 'developer' | 'user',
): Message {
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
