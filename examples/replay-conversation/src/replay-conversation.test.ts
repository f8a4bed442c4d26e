import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { createApproximateTokenCounter } from '@acm/core';
import { describe, expect, it } from 'vitest';

import { replayConversation } from './replay-conversation';

const samples = readFileSync(
  fileURLToPath(new URL('../../../data/sample.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { id: string; messages: unknown[] });

describe('replayConversation', () => {
  it.each(samples.map((sample) => [sample.id, sample] as const))(
    'should replay %s within the contract and below the raw token count',
    async (_id, sample) => {
      const counter = createApproximateTokenCounter();
      const result = await replayConversation({
        id: sample.id,
        messages: sample.messages,
        counter,
      });

      const assistantTurns = sample.messages.filter(
        (message) => (message as { role: string }).role === 'assistant',
      ).length;
      expect(result.turns).toHaveLength(assistantTurns);
      expect(result.contractViolations).toBe(0);
      const last = result.turns[result.turns.length - 1]!;
      expect(last.rawMessages).toBe(last.index);
      expect(last.managedTokens).toBeLessThan(last.rawTokens);
      expect(Object.keys(result.eventsByStrategy).length).toBeGreaterThan(0);
    },
  );
});
