import type { Message } from '@acm/core';

export interface FindProtectedMessagesOptions {
  /** Tools whose exchanges are pinned (`config.toolPolicies.pin`). @default [] */
  readonly pinnedTools?: readonly string[];
}

/**
 * The protected set of a prompt (DESIGN §5): system messages, pinned
 * messages (`metadata.pinned === true` or `metadata.acm.pinned === true`),
 * the exchanges of pinned tools, and the in-flight exchange (the latest
 * assistant message with tool calls when no assistant message follows it,
 * with the tool messages answering its calls). The budget may only be
 * exceeded when these alone exceed it. Read from the prompt alone, so it does
 * not depend on how core decides.
 */
export function findProtectedMessages(
  prompt: readonly Message[],
  { pinnedTools = [] }: FindProtectedMessagesOptions = {},
): Message[] {
  const protectedIndexes = new Set<number>();
  const pinned = new Set(pinnedTools);
  const callOwner = new Map<string, number>();
  prompt.forEach((message, index) => {
    if (message.role === 'system' || isPinned(message)) {
      protectedIndexes.add(index);
    }
    for (const part of message.content) {
      if (part.type === 'tool-call') {
        callOwner.set(part.toolCallId, index);
        if (pinned.has(part.toolName)) protectedIndexes.add(index);
      } else if (part.type === 'tool-result' && pinned.has(part.toolName)) {
        protectedIndexes.add(index);
        const owner = callOwner.get(part.toolCallId);
        if (owner !== undefined) protectedIndexes.add(owner);
      }
    }
  });
  let lastAssistant = -1;
  for (let index = prompt.length - 1; index >= 0; index--) {
    if (prompt[index]!.role === 'assistant') {
      lastAssistant = index;
      break;
    }
  }
  if (lastAssistant >= 0) {
    const calls = new Set(
      prompt[lastAssistant]!.content.flatMap((part) =>
        part.type === 'tool-call' ? [part.toolCallId] : [],
      ),
    );
    if (calls.size > 0) {
      protectedIndexes.add(lastAssistant);
      for (let index = lastAssistant + 1; index < prompt.length; index++) {
        const message = prompt[index]!;
        if (
          message.content.some(
            (part) => part.type === 'tool-result' && calls.has(part.toolCallId),
          )
        ) {
          protectedIndexes.add(index);
        }
      }
    }
  }
  return [...protectedIndexes]
    .sort((left, right) => left - right)
    .map((index) => prompt[index]!);
}

function isPinned(message: Message): boolean {
  const metadata = message.metadata;
  if (metadata === undefined) return false;
  if (metadata.pinned === true) return true;
  const acm = metadata.acm;
  return (
    acm !== null &&
    typeof acm === 'object' &&
    (acm as { pinned?: unknown }).pinned === true
  );
}
