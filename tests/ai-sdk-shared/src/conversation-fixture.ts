import type { Message } from '@acm/ai-sdk';
import {
  checkContract,
  createApproximateTokenCounter,
  fromAiSdkMessages,
  toAiSdkMessages,
} from '@acm/ai-sdk';
import { countFixedTokens } from '@acm/core/internal';
import type { AiSdkMessage } from '@acm/ai-sdk';
import { loadSharedConversationsAsCore } from '@acm/core/testing';

/** A long SWE-bench run (100 messages, about 33k tokens, 6 tool outputs over 5120 characters). */
export const CONVERSATION_ID = 'swe/django__django-11299';

/** The budget the tests compress under (the conversation is about twice as long). */
export const MAX_TOKEN = 16_000;

export const counter = createApproximateTokenCounter();

export const config = { maxToken: MAX_TOKEN } as const;

/** The shared conversation as AI SDK input: its system prompt and its other messages as `ModelMessage`s. */
export function loadConversation(): {
  system: string;
  messages: AiSdkMessage[];
} {
  const [conversation] = loadSharedConversationsAsCore({
    dataset: 'swe',
  }).filter((candidate) => candidate.id === CONVERSATION_ID);
  if (conversation === undefined)
    throw new Error(`${CONVERSATION_ID} not found`);
  const [system, ...rest] = toAiSdkMessages(conversation.messages);
  if (system?.role !== 'system') throw new Error('expected a system prompt');
  return { system: system.content, messages: rest };
}

/** The contract violations and token count of a prompt a model received. */
export function inspectPrompt(
  prompt: readonly AiSdkMessage[],
  tools: readonly unknown[] = [],
): { violations: ReturnType<typeof checkContract>; tokens: number } {
  const messages: Message[] = fromAiSdkMessages(prompt);
  return {
    violations: checkContract(messages),
    tokens:
      counter.countMessages(
        messages.filter((message) => message.role !== 'system'),
      ) +
      countFixedTokens({
        counter,
        system: messages
          .filter((message) => message.role === 'system')
          .map((message) =>
            message.content
              .map((part) => (part.type === 'text' ? part.text : ''))
              .join(''),
          )
          .join('\n\n'),
        tools,
      }),
  };
}

const OFFLOAD_MARKER = /<!-- CONTEXT_OFFLOAD: uuid=([^\s>]+) -->/;

/** The first offload id found in a prompt. */
export function findOffloadId(
  prompt: readonly AiSdkMessage[],
): string | undefined {
  for (const message of prompt) {
    const match = OFFLOAD_MARKER.exec(JSON.stringify(message.content));
    if (match !== null) return match[1];
  }
  return undefined;
}
