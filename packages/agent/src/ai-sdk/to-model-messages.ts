import { getMessageText } from '@acm/core';
import type { Message, Part } from '@acm/core';
import type {
  AssistantContent,
  JSONValue,
  ModelMessage,
  UserContent,
} from 'ai';

/** Converts agent messages to AI SDK `ModelMessage`s (conversion only). */
export function toModelMessages(messages: readonly Message[]): ModelMessage[] {
  return messages.map(toModelMessage);
}

function toModelMessage(message: Message): ModelMessage {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: getMessageText(message) };
    case 'user':
      return {
        role: 'user',
        content: message.content.flatMap(
          (part): Exclude<UserContent, string> => {
            if (part.type === 'text')
              return [{ type: 'text' as const, text: part.text }];
            if (part.type === 'file') return [toFilePart(part)];
            return [];
          },
        ),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content.flatMap(
          (part): Exclude<AssistantContent, string> => {
            switch (part.type) {
              case 'text':
                return [{ type: 'text' as const, text: part.text }];
              case 'reasoning':
                return [{ type: 'reasoning' as const, text: part.text }];
              case 'tool-call':
                return [
                  {
                    type: 'tool-call' as const,
                    toolCallId: part.toolCallId,
                    toolName: part.toolName,
                    input: part.input,
                  },
                ];
              case 'file':
                return [toFilePart(part)];
              case 'tool-result':
                return [];
            }
          },
        ),
      };
    case 'tool':
      return {
        role: 'tool',
        content: message.content.flatMap((part) =>
          part.type === 'tool-result'
            ? [
                {
                  type: 'tool-result' as const,
                  toolCallId: part.toolCallId,
                  toolName: part.toolName,
                  output: toToolOutput(part),
                },
              ]
            : [],
        ),
      };
  }
}

function toFilePart(part: Extract<Part, { type: 'file' }>) {
  return {
    type: 'file' as const,
    data: part.data,
    mediaType: part.mediaType,
    ...(part.filename === undefined ? {} : { filename: part.filename }),
  };
}

function toToolOutput(part: Extract<Part, { type: 'tool-result' }>) {
  if (typeof part.output === 'string') {
    return part.isError === true
      ? { type: 'error-text' as const, value: part.output }
      : { type: 'text' as const, value: part.output };
  }
  const value = (part.output ?? null) as JSONValue;
  return part.isError === true
    ? { type: 'error-json' as const, value }
    : { type: 'json' as const, value };
}
