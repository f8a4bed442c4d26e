import { fromOpenAIMessages } from '@acm/core';
import type { Message } from '@acm/core';

/**
 * The OpenAI chat messages of a shared conversation as core messages, read
 * the way every bench script reads them: tool arguments that are not JSON
 * are kept raw and tool results without their call are kept.
 */
export function fromSharedMessages(
  messages: readonly unknown[],
  {
    generateId,
  }: {
    /** Ids of messages without one. @default core's (`fromOpenAIMessages`) */
    readonly generateId?: (index: number) => string;
  } = {},
): Message[] {
  return fromOpenAIMessages(messages, {
    generateId,
    invalidToolArguments: 'keep-raw',
    orphanToolResults: 'keep',
  });
}
