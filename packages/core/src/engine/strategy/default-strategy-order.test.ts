import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../../state/context-state/context-state';
import {
  applyTestPlan,
  assistant,
  big,
  counterIds,
  fixtureContext,
  stateOf,
  system,
  toolCall,
  toolResult,
  user,
} from './__fixtures__/strategy-fixtures';
import { DEFAULT_STRATEGY_ORDER, STRATEGIES } from './default-strategy-order';

/** A small seeded generator (LCG) so every run sees the same conversations. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % max;
  };
}

const PLAN_TOOLS = ['create_plan', 'update_subtask_state'];

function generateConversation(seed: number): Message[] {
  const random = seeded(seed);
  const messages: Message[] = [system('sys')];
  const rounds = 1 + random(7);
  let call = 0;
  for (let round = 0; round < rounds; round++) {
    const last = round === rounds - 1;
    messages.push(
      user(`u${round}`, random(5) === 0 ? big(700) : `question ${round}`),
    );
    const exchanges = random(6);
    for (let step = 0; step < exchanges; step++) {
      const width = 1 + random(2);
      const ids = Array.from({ length: width }, () => `c${call++}`);
      const names = ids.map(() =>
        random(6) === 0 ? PLAN_TOOLS[random(2)]! : 'search',
      );
      messages.push(
        toolCall(
          `${ids[0]}-call`,
          ids.map((toolCallId, index) => ({
            toolCallId,
            toolName: names[index]!,
          })),
          random(4) === 0 ? big(650) : undefined,
        ),
      );
      ids.forEach((toolCallId, index) => {
        const size = [10, 200, 450, 900][random(4)]!;
        messages.push(
          toolResult(
            `${toolCallId}-result`,
            toolCallId,
            big(size, 'r'),
            names[index],
          ),
        );
      });
    }
    if (!last || random(2) === 0)
      messages.push(
        assistant(`a${round}`, random(4) === 0 ? big(800) : undefined),
      );
  }
  return messages;
}

const config = {
  lastKeep: 3,
  largePayloadThreshold: 400,
  offloadSinglePreview: 60,
  minConsecutiveToolMessages: 2,
  minCompressionTokenThreshold: 50,
  historyRollupKeepRecentRounds: 1,
  historyRollupKeepRecentTokens: 100,
  currentRoundCompressionRatio: 0.3,
  // A small budget: clearToolUses' batch minimum (maxToken × minCurrentRoundSavingsRatio) is reachable.
  maxToken: 2000,
};

describe('DEFAULT_STRATEGY_ORDER', () => {
  it('should list every strategy but lastResort, cheapest and oldest first', () => {
    expect(DEFAULT_STRATEGY_ORDER).toEqual([
      'rollupHistory',
      'compressToolRuns',
      'offloadLargeMessagesProtected',
      'offloadLargeMessages',
      'clearToolUses',
      'summarizeRounds',
      'summarizeLargeCurrentMessages',
      'compressCurrentRound',
    ]);
  });
});

describe('STRATEGIES', () => {
  it('should keep the contract for every strategy on 300 generated conversations, chained in the default order', () => {
    const applied = new Map<string, number>();
    for (let seed = 1; seed <= 300; seed++) {
      let state: ContextState = stateOf(generateConversation(seed));
      const generateId = counterIds(`s${seed}`);
      for (const name of [...DEFAULT_STRATEGY_ORDER, 'lastResort' as const]) {
        const context = {
          ...fixtureContext(state.working, { config }),
          generateId,
        };
        const plan = STRATEGIES[name](context);
        if (plan === undefined) continue;
        expect(plan.strategy).toBe(name);
        expect(plan.edits.length).toBeGreaterThan(0);
        const after = applyTestPlan(state, plan);
        const violations = checkStateContract({ before: state, after });
        expect({ seed, name, violations }).toEqual({
          seed,
          name,
          violations: [],
        });
        state = after;
        applied.set(name, (applied.get(name) ?? 0) + 1);
      }
    }
    // Every strategy must fire on some conversation, or the test proves nothing about it.
    expect([...applied.keys()].sort()).toEqual(
      [...DEFAULT_STRATEGY_ORDER, 'lastResort'].sort(),
    );
  });
});
