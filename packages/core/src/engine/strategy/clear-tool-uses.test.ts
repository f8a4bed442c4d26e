import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import type { Message } from '../../vocabulary/message/message';
import { createPreview } from '../../summary/text/create-preview';
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
import { clearToolUses } from './clear-tool-uses';
import { CLEAR_DEEPEN_MIN_EXCHANGES, CLEAR_PREVIEW_CHARS } from './tuning';
import { DIGEST_HEADER } from './clear-tool-uses-digest';
import { renderReplacement } from './render-replacement';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;
const output = big(2000, 'r');

/** A coding-agent run: system, task, then `count` consumed exchanges, then one in flight. */
function toolLoop(count: number): Message[] {
  const messages: Message[] = [
    system('sys'),
    user('task', 'Fix the bug in parser.py'),
  ];
  for (let index = 0; index < count; index++) {
    messages.push(
      toolCall(
        `c${index}`,
        [
          {
            toolCallId: `t${index}`,
            toolName: 'bash',
            input: { command: `cat f${index}` },
          },
        ],
        `THOUGHT: step ${index}`,
      ),
      toolResult(`r${index}`, `t${index}`, output, 'bash'),
    );
  }
  messages.push(
    toolCall('live', [{ toolCallId: 'live', toolName: 'bash' }]),
    toolResult('live-result', 'live', output, 'bash'),
  );
  return messages;
}

// Trigger at 60 %, low water at 50 %, well under the hard budget: cache
// awareness off (`minCurrentRoundSavingsRatio: 0`), so that a clear runs at the
// trigger and these tests see what it clears.
const config = {
  maxToken: 16_000,
  tokenRatio: 0.6,
  minCurrentRoundSavingsRatio: 0,
};

describe('clearToolUses', () => {
  it('should clear every consumed exchange but the 4 most recent, keeping call ids, names and the task', () => {
    const messages = toolLoop(8);
    const plan = clearToolUses(fixtureContext(messages, { config }))!;
    expect(plan.strategy).toBe('clearToolUses');
    expect(plan.tasks).toEqual([]);
    // Exchanges 0..3 (messages 2..9); 4..7 and the live one are kept.
    expect(plan.edits.map((edit) => edit.range)).toEqual(
      [0, 1, 2, 3].map((index) => ({
        start: 2 + index * 2,
        end: 4 + index * 2,
      })),
    );
    expect(plan.edits[0]!.offloads).toEqual({ 'gen-0': messages.slice(2, 4) });
    expect(renderReplacement(plan.edits[0]!, {})).toEqual([
      {
        ...messages[2],
        id: 'gen-1',
        metadata: {
          acm: {
            kind: 'offload-stub',
            strategy: 'clearToolUses',
            offloadId: 'gen-0',
            replaces: ['c0'],
          },
        },
      },
      {
        id: 'gen-2',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 't0',
            toolName: 'bash',
            output: `${createPreview(output, CLEAR_PREVIEW_CHARS)}\n[2000 characters cleared] ${tag('gen-0')}`,
          },
        ],
        metadata: {
          acm: {
            kind: 'offload-stub',
            strategy: 'clearToolUses',
            offloadId: 'gen-0',
            replaces: ['r0'],
          },
        },
      },
    ]);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
    expect(after.working.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(after.working.slice(-10)).toEqual(messages.slice(-10));
  });

  it('should clear large tool-call inputs and long call text, drop reasoning, and tag the call when no result is cleared', () => {
    const heredoc = `cat > big.py <<EOF\n${big(3000, 'p')}\nEOF`;
    const call: Message = {
      id: 'write',
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'thinking hard' },
        { type: 'text', text: big(900, 't') },
        {
          type: 'tool-call',
          toolCallId: 'w',
          toolName: 'bash',
          input: { command: heredoc, cwd: '/repo' },
        },
      ],
    };
    const messages = [
      user('task'),
      call,
      toolResult('write-result', 'w', 'ok', 'bash'),
      ...toolLoop(5).slice(2),
    ];
    const plan = clearToolUses(
      fixtureContext(messages, {
        config: { ...config, tokenRatio: 0.5, minCurrentRoundSavingsRatio: 0 },
      }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 3 },
      { start: 3, end: 5 },
    ]);
    const [cleared, result] = renderReplacement(plan.edits[0]!, {});
    expect(cleared!.content).toEqual([
      {
        type: 'text',
        text: `${createPreview(big(900, 't'), CLEAR_PREVIEW_CHARS)}\n[900 characters cleared] ${tag('gen-0')}`,
      },
      {
        type: 'tool-call',
        toolCallId: 'w',
        toolName: 'bash',
        input: {
          command: `${createPreview(heredoc, CLEAR_PREVIEW_CHARS)}\n[${heredoc.length} characters cleared]`,
          cwd: '/repo',
        },
      },
    ]);
    expect(result!.content).toEqual(messages[2]!.content);
  });

  it('should plan nothing without token pressure, below the hard budget, or in a history round', () => {
    const messages = toolLoop(8);
    expect(
      clearToolUses(
        fixtureContext(messages, { config, pressure: { tokens: false } }),
      ),
    ).toBeUndefined();
    // About 4,700 tokens: over the trigger of 2,000 but under the hard budget
    // of 4,800, so the cached prefix stays until the budget forces a rewrite.
    expect(
      clearToolUses(
        fixtureContext(messages, {
          config: { maxToken: 4800, tokenRatio: 0.4 },
        }),
      ),
    ).toBeUndefined();
    expect(
      clearToolUses(
        fixtureContext(messages, {
          config: { maxToken: 4600, tokenRatio: 0.4 },
        }),
      ),
    ).toBeDefined();
    const history = [
      ...toolLoop(8).slice(0, -2),
      assistant('done'),
      user('next'),
    ];
    expect(clearToolUses(fixtureContext(history, { config }))).toBeUndefined();
  });

  it('should keep fewer recent exchanges when they hold more than their share, but always the latest, in a short round', () => {
    const messages = toolLoop(5);
    const plan = clearToolUses(
      fixtureContext(messages, { config: { maxToken: 1500 } }),
    )!;
    // 20 % of 1500 tokens holds one 2000-character exchange only; the four
    // older ones are cleared, and their stubs (over 10 % of the budget) are
    // folded into one digest.
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 2, end: 10 },
    ]);
  });

  it('should give up the recent exchanges at the hard budget of a long tool loop until the pass lands at the low-water mark', () => {
    const messages = toolLoop(CLEAR_DEEPEN_MIN_EXCHANGES);
    const end = 2 + 2 * CLEAR_DEEPEN_MIN_EXCHANGES;
    const plan = clearToolUses(
      fixtureContext(messages, { config: { maxToken: 3000 } }),
    )!;
    // Keeping even the latest 2000-character exchange would leave the context
    // above 50 % of 3000 tokens: every consumed exchange goes into the digest;
    // the live one stays.
    expect(plan.edits.map((edit) => edit.range)).toEqual([{ start: 2, end }]);
    const after = applyTestPlan(stateOf(messages), plan);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
    expect(after.working.slice(-2)).toEqual(messages.slice(-2));
    // Below the hard budget (cache awareness off) the recent exchanges are kept.
    const below = clearToolUses(
      fixtureContext(messages, {
        config: { maxToken: 12_000, minCurrentRoundSavingsRatio: 0 },
      }),
    )!;
    expect(below.edits.at(-1)!.range.end).toBe(end - 8);
  });

  it('should fold the cleared stretch into one digest that points at the originals, generation after generation', () => {
    const small = { maxToken: 3000, tokenRatio: 0.6 };
    const messages = toolLoop(8);
    const first = clearToolUses(fixtureContext(messages, { config: small }))!;
    // Exchanges 0..6 become one digest; exchange 7 and the live one stay.
    expect(first.edits.map((edit) => edit.range)).toEqual([
      { start: 2, end: 16 },
    ]);
    expect(first.edits[0]!.offloads).toEqual({
      'gen-0': messages.slice(2, 16),
    });
    const [digest] = renderReplacement(first.edits[0]!, {});
    expect(digest!.role).toBe('assistant');
    expect(digest!.metadata).toEqual({
      acm: {
        kind: 'tool-run-summary',
        strategy: 'clearToolUses',
        offloadId: 'gen-0',
        replaces: messages.slice(2, 16).map((message) => message.id),
      },
    });
    const text = (digest!.content[0] as { text: string }).text;
    expect(text.split('\n')).toEqual([
      DIGEST_HEADER,
      ...[0, 1, 2, 3, 4, 5, 6].map(
        (index) => `- \`cat f${index}\` → 1 line: ${'r'.repeat(160 - 1)}…`,
      ),
      tag('gen-0'),
    ]);
    const once = applyTestPlan(stateOf(messages), first);
    expect(
      checkStateContract({ before: stateOf(messages), after: once }),
    ).toEqual([]);

    // Four more exchanges, over the budget again: the next fold replaces the
    // digest (no nesting), and its entry holds the original messages only.
    const grown = [...once.working.slice(0, -2), ...toolLoop(12).slice(18)];
    const second = clearToolUses(
      fixtureContext(grown, { config: small, offloads: once.offloads }),
    )!;
    expect(second.edits.map((edit) => edit.range)).toEqual([
      { start: 2, end: 11 },
    ]);
    expect(Object.values(second.edits[0]!.offloads)).toEqual([
      [...messages.slice(2, 18), ...toolLoop(12).slice(18, 24)],
    ]);
  });

  it('should leave pinned exchanges and recent context_reload exchanges alone', () => {
    const messages = toolLoop(10);
    messages[3] = { ...messages[3]!, metadata: { pinned: true } };
    messages[5] = toolResult('r1', 't1', output, 'context_reload');
    messages[4] = toolCall('c1', [
      { toolCallId: 't1', toolName: 'context_reload' },
    ]);
    const stale = clearToolUses(fixtureContext(messages, { config }))!;
    // The reload happened 8 assistant turns ago: it may be cleared again.
    expect(stale.edits.map((edit) => edit.range.start)).toEqual([
      4, 6, 8, 10, 12,
    ]);
    const fresh = [
      ...messages.slice(0, -2),
      toolCall('c9', [{ toolCallId: 't9', toolName: 'context_reload' }]),
      toolResult('r9', 't9', output, 'context_reload'),
      // A large exchange after it fills the recent share alone, so only the
      // reload rule keeps the reload (2 assistant turns ago) uncleared.
      toolCall('c10', [{ toolCallId: 't10', toolName: 'bash' }]),
      toolResult('r10', 't10', big(12_000, 'x'), 'bash'),
      toolCall('live2', [{ toolCallId: 'live2', toolName: 'bash' }]),
      toolResult('live2-result', 'live2', output, 'bash'),
    ];
    const plan = clearToolUses(fixtureContext(fresh, { config }))!;
    const starts = plan.edits.map((edit) => edit.range.start);
    expect(starts).toContain(20);
    expect(starts).not.toContain(22);
  });

  it('should make the same decisions whatever the ids are', () => {
    const messages = toolLoop(8);
    const ranges = (generateId: () => string) =>
      clearToolUses({
        ...fixtureContext(messages, { config }),
        generateId,
      })!.edits.map((edit) => edit.range);
    let long = 0;
    expect(ranges(counterIds())).toEqual(
      ranges(() => `${'f'.repeat(60)}${long++}`),
    );
  });
});
