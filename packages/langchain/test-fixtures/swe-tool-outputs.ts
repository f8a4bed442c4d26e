import { loadSharedConversations } from '@acm/core/testing';

/**
 * Tool outputs of recorded SWE-bench agent runs (`shared/data`), in order:
 * real `bash` / editor results, many of them several KB long.
 */
export function loadSweToolOutputs(count: number): string[] {
  const outputs: string[] = [];
  for (const conversation of loadSharedConversations({ dataset: 'swe' })) {
    for (const message of conversation.messages) {
      const record = message as { role?: unknown; content?: unknown };
      if (record.role !== 'tool' || typeof record.content !== 'string') {
        continue;
      }
      outputs.push(record.content);
      if (outputs.length === count) return outputs;
    }
  }
  return outputs;
}
