import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeConversation } from '../../state/conversation/analyze-conversation';
import type { Message } from '../../vocabulary/message/message';
import { fromOpenAIMessages } from '../../formats/openai/from-openai-messages';
import { INTENT_BUDGET_SHARE } from '../../engine/strategy/tuning';
import { DRAFT_OFFLOAD_ID } from '../../engine/strategy/size-summary-to-room';
import { conversationArbitrary } from '../../testing/conversation-arbitrary';
import { fixedClock } from '../../testing/fixed-clock';
import { loadSharedConversations } from '../../testing/load-shared-conversations';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { AutoContextMemory } from './auto-context-memory';

const counter = createApproximateTokenCounter();

/** Everything a provider receives, with the session's ids masked. */
function wire(messages: readonly Message[]): string {
  return JSON.stringify(
    messages.map((message) => [message.role, message.name, message.content]),
  ).replace(/[0-9a-f]{8}_[A-Za-z0-9_-]+/g, '#');
}

function visible(message: Message): string {
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n');
}

/** Replays `messages` as an agent hook does (compress before each assistant message); returns each prompt. */
async function replay(
  messages: readonly Message[],
  maxToken: number,
  generateId: () => string,
  onPrompt?: (prompt: readonly Message[], seen: readonly Message[]) => void,
): Promise<string[]> {
  const memory = new AutoContextMemory({
    sessionId: 'session-1',
    config: { maxToken },
    counter,
    clock: fixedClock(0),
    generateId,
  });
  const prompts: string[] = [];
  for (const [index, message] of messages.entries()) {
    if (message.role === 'assistant') {
      await memory.compressIfNeeded();
      prompts.push(wire(memory.getMessages()));
      onPrompt?.(memory.getMessages(), messages.slice(0, index));
    }
    await memory.addMessage(message);
  }
  return prompts;
}

/**
 * The intent messages that must be verbatim in a prompt built from `seen`:
 * each is at most a quarter of the budget and fits beside the protected set
 * (system messages and the in-flight exchange, with what follows a call still
 * waiting for its result), the intent kept before it (a yielded one too, while
 * it is still there verbatim and fits) and two compact folds (the rest of the
 * conversation, folded at the least) — the budget is a
 * guarantee, so an intent that does not fit may be summarized. `yielded`
 * holds the intent messages that did not fit at an earlier prompt: folded
 * then, they stay folded (reloadable), and are not required afterwards.
 */
function requiredIntent(
  seen: readonly Message[],
  maxToken: number,
  which: 'task' | 'both',
  yielded: Set<string>,
  promptTexts: readonly string[],
): Message[] {
  const structure = analyzeConversation(seen);
  const inFlight = structure.inFlight;
  let room = maxToken;
  seen.forEach((message, index) => {
    const flying =
      inFlight !== undefined &&
      index >= inFlight.callIndex &&
      (inFlight.pendingCallIds.length > 0 || index < inFlight.end);
    if (message.role === 'system' || flying)
      room -= counter.countMessage(message);
  });
  const required: Message[] = [];
  const indices =
    which === 'task'
      ? [structure.taskIndex]
      : [structure.taskIndex, structure.latestRequestIndex];
  // Two compact folds (the rest, folded at the least) must fit too.
  room -= stubTokens(true) + stubTokens(false);
  for (const index of new Set(indices)) {
    const message = seen[index];
    if (message === undefined) continue;
    const tokens = counter.countMessage(message);
    if (tokens > maxToken * INTENT_BUDGET_SHARE) continue;
    const fits = tokens <= room;
    if (!fits) yielded.add(message.id);
    if (yielded.has(message.id)) {
      // Not required any more, but still taking its room while it is there
      // verbatim and fits.
      if (fits && promptTexts.includes(visible(message))) room -= tokens;
      continue;
    }
    required.push(message);
    room -= tokens;
  }
  return required;
}

/** A compact fold as the last resort writes it (header and tag), with and without its opening user stub. */
const stubTokens = (needsUser: boolean) =>
  counter.countMessages([
    ...(needsUser
      ? [
          {
            id: 's',
            role: 'user' as const,
            content: [
              {
                type: 'text' as const,
                text: 'Earlier conversation (folded to fit the context budget)',
              },
            ],
          },
        ]
      : []),
    {
      id: 's',
      role: 'assistant' as const,
      content: [
        {
          type: 'text' as const,
          text: `Folded 100 messages.\n<!-- CONTEXT_OFFLOAD: uuid=${DRAFT_OFFLOAD_ID} -->`,
        },
      ],
    },
  ]);

const shortIds = () => {
  let next = 0;
  return () => (next++).toString(36);
};
const longIds = () => {
  let next = 0;
  return () => `${(next++ * 2_654_435_761).toString(16)}f3e9`.repeat(4);
};

describe('AutoContextMemory (intent and determinism)', () => {
  it('should keep the task and the latest request verbatim when each is at most a quarter of the budget, on generated conversations', async () => {
    await fc.assert(
      fc.asyncProperty(
        conversationArbitrary({ maxRounds: 5, maxExchangesPerRound: 4 }),
        fc.integer({ min: 300, max: 3000 }),
        async (messages, maxToken) => {
          const yielded = new Set<string>();
          await replay(messages, maxToken, shortIds(), (prompt, seen) => {
            const texts = prompt.map(visible);
            for (const message of requiredIntent(
              seen,
              maxToken,
              'both',
              yielded,
              texts,
            ))
              expect(texts).toContain(visible(message));
          });
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('should make the same compression whatever the ids are, on generated conversations', async () => {
    await fc.assert(
      fc.asyncProperty(
        conversationArbitrary({ maxRounds: 4, maxExchangesPerRound: 4 }),
        fc.integer({ min: 300, max: 3000 }),
        async (messages, maxToken) => {
          expect(await replay(messages, maxToken, longIds())).toEqual(
            await replay(messages, maxToken, shortIds()),
          );
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);

  it('should make the same compression whatever the ids are, and keep the task, on real SWE-bench and tau-bench runs', async () => {
    const conversations = [
      ...loadSharedConversations({ dataset: 'swe', limit: 3 }),
      ...loadSharedConversations({ dataset: 'tau', limit: 3 }),
    ];
    for (const conversation of conversations) {
      const messages = fromOpenAIMessages(conversation.messages, {
        invalidToolArguments: 'keep-raw',
        orphanToolResults: 'keep',
      });
      const maxToken = conversation.dataset === 'swe' ? 14_000 : 2000;
      let taskChecks = 0;
      const yielded = new Set<string>();
      const first = await replay(
        messages,
        maxToken,
        shortIds(),
        (prompt, seen) => {
          const [task] = requiredIntent(
            seen,
            maxToken,
            'task',
            yielded,
            prompt.map(visible),
          );
          if (task === undefined) return;
          taskChecks++;
          expect(prompt.map(visible)).toContain(visible(task));
        },
      );
      expect({
        id: conversation.id,
        prompts: await replay(messages, maxToken, longIds()),
      }).toEqual({
        id: conversation.id,
        prompts: first,
      });
      expect(taskChecks).toBeGreaterThan(0);
    }
  }, 120_000);
});
