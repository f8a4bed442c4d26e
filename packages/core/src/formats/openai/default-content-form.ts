import type { Role } from '../../vocabulary/message/message';
import type { OpenAIContentForm } from './openai-message-metadata';

/**
 * How `toOpenAIMessages` writes `content` when `metadata.openai.content` says
 * nothing: an array when there are files, a string when there is text, and
 * for an assistant message with only tool calls `null`; else `''`.
 */
export function getDefaultContentForm({
  role,
  hasText,
  hasFiles,
  hasToolCalls,
}: {
  role: Role;
  hasText: boolean;
  hasFiles: boolean;
  hasToolCalls: boolean;
}): OpenAIContentForm {
  if (hasFiles) return 'parts';
  if (hasText) return 'string';
  return role === 'assistant' && hasToolCalls ? 'null' : 'string';
}
