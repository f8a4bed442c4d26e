import type {
  FilePart,
  Message,
  TextPart,
} from '../../vocabulary/message/message';
import type { OpenAIChatMessage } from './openai-chat-message';
import type { OpenAIMessageMetadata } from './openai-message-metadata';
import { fail, finish, noFields } from './openai-writing';
import type { Output } from './openai-writing';
import { writeOpenAIContent } from './write-openai-content';

export function writeOpenAISystemOrUserMessage(
  message: Message,
  index: number,
  metadata: OpenAIMessageMetadata | undefined,
  lossless: boolean,
): OpenAIChatMessage {
  const role = message.role;
  const target: Output = {
    role:
      role === 'system' && metadata?.role === 'developer' ? 'developer' : role,
  };
  const contentParts: (TextPart | FilePart)[] = [];
  let hasFiles = false;
  for (const part of message.content) {
    if (part.type === 'text') {
      contentParts.push(part);
    } else if (part.type === 'file' && role === 'user') {
      contentParts.push(part);
      hasFiles = true;
    } else {
      throw fail(index, `a ${role} message cannot carry a ${part.type} part`);
    }
  }
  writeOpenAIContent(
    target,
    role,
    contentParts,
    hasFiles,
    false,
    metadata,
    lossless,
  );
  if (message.name !== undefined) target.name = message.name;
  return finish(target, message, metadata, lossless, noFields);
}
