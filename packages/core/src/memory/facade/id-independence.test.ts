import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import { fromOpenAIMessages } from '../../formats/openai/from-openai-messages';
import { fixedClock } from '../../testing/fixed-clock';
import { loadSharedConversations } from '../../testing/load-shared-conversations';
import { createTiktokenTokenCounter } from '../../runtime/create-tiktoken-token-counter';
import { AutoContextMemory } from './auto-context-memory';

/** The default exact counter, raw: what a provider bills for a prompt as sent. */
const exact = createTiktokenTokenCounter();

/** Everything a provider receives, with the ids the memory minted masked. */
function wire(messages: readonly Message[]): string {
  return JSON.stringify(
    messages.map((message) => [message.role, message.name, message.content]),
  ).replace(/[0-9a-f]{8}_[A-Za-z0-9_-]+/g, '#');
}

interface Replay {
  /** Every compression, as the memory recorded it (ids left out). */
  readonly decisions: string[];
  readonly prompts: string[];
  /** Prompts whose tokens as sent exceed `maxToken` while the memory counted them within it. */
  readonly overBudget: number;
}

/**
 * Replays `messages` as an agent hook does (compress before each assistant
 * message) with the default id generator (random ids) and the default exact
 * counter, under `sessionId`.
 */
async function replay(
  messages: readonly Message[],
  maxToken: number,
  sessionId: string,
): Promise<Replay> {
  const memory = new AutoContextMemory({
    sessionId,
    config: { maxToken },
    counter: createTiktokenTokenCounter(),
    clock: fixedClock(0),
  });
  const prompts: string[] = [];
  let overBudget = 0;
  for (const message of messages) {
    if (message.role === 'assistant') {
      await memory.compressIfNeeded();
      const prompt = memory.getMessages();
      prompts.push(wire(prompt));
      if (
        memory.countTokens() <= maxToken &&
        exact.countMessages(prompt) > maxToken
      )
        overBudget += 1;
    }
    await memory.addMessage(message);
  }
  const decisions = memory
    .getCompressionEvents()
    .map((event) =>
      event.type === 'compression'
        ? `${event.strategy} ${event.range.start}-${event.range.end} ${event.messageCount} ${event.tokensBefore}→${event.tokensAfter}`
        : `${event.type} ${event.strategy}`,
    );
  return { decisions, prompts, overBudget };
}

describe('AutoContextMemory (ids)', () => {
  it('should make the same compressions under any session id, and never send more tokens than it counted, on real runs with random ids', async () => {
    const conversations = [
      ...loadSharedConversations({ dataset: 'swe', limit: 2 }).map(
        (conversation) => ({ conversation, maxToken: 6000 }),
      ),
      ...loadSharedConversations({ dataset: 'tau', limit: 4 }).map(
        (conversation) => ({ conversation, maxToken: 2000 }),
      ),
    ];
    let compressions = 0;
    for (const { conversation, maxToken } of conversations) {
      const messages = fromOpenAIMessages(conversation.messages, {
        invalidToolArguments: 'keep-raw',
        orphanToolResults: 'keep',
      });
      const runs = await Promise.all(
        ['session-a', 'customer-4711', 'a much longer session identifier'].map(
          (sessionId) => replay(messages, maxToken, sessionId),
        ),
      );
      for (const run of runs) {
        expect({ id: conversation.id, overBudget: run.overBudget }).toEqual({
          id: conversation.id,
          overBudget: 0,
        });
      }
      expect({ id: conversation.id, decisions: runs[1]!.decisions }).toEqual({
        id: conversation.id,
        decisions: runs[0]!.decisions,
      });
      expect({ id: conversation.id, decisions: runs[2]!.decisions }).toEqual({
        id: conversation.id,
        decisions: runs[0]!.decisions,
      });
      expect(runs[1]!.prompts).toEqual(runs[0]!.prompts);
      expect(runs[2]!.prompts).toEqual(runs[0]!.prompts);
      compressions += runs[0]!.decisions.length;
    }
    expect(compressions).toBeGreaterThan(20);
  }, 180_000);
});
