import type { Message } from '@acm/core';
import type { ToolCall } from '@langchain/core/messages';

/**
 * The tool calls of a core assistant message as LangChain's
 * `AIMessage.tool_calls` (an input that is not an object becomes `{ input }`).
 */
export function toLangChainToolCalls(message: Message): ToolCall[] {
  return message.content.flatMap((part) =>
    part.type === 'tool-call'
      ? [
          {
            id: part.toolCallId,
            name: part.toolName,
            args: (typeof part.input === 'object' && part.input !== null
              ? part.input
              : { input: part.input }) as Record<string, unknown>,
            type: 'tool_call' as const,
          },
        ]
      : [],
  );
}
