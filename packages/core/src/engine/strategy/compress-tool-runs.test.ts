import { describe, expect, it } from 'vitest';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { analyzeConversation } from '../../state/conversation/analyze-conversation';
import type { Message } from '../../vocabulary/message/message';
import { resolvePrompt } from '../prompt/resolve-prompt';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import { renderLedger } from '../../summary/text/render-ledger';
import { renderTranscript } from '../../summary/text/render-transcript';
import {
  applyTestPlan,
  assistant,
  big,
  exchange,
  fixtureContext,
  stateOf,
  toolCall,
  toolResult,
  user,
} from './__fixtures__/strategy-fixtures';
import { BELOW_TOKEN_THRESHOLD, compressToolRuns } from './compress-tool-runs';
import { offloadLargeMessagesProtected } from './offload-large-messages-protected';
import { renderReplacement } from './render-replacement';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;

/** `count` exchanges `${prefix}0…`, each result `output`. */
function exchanges(prefix: string, count: number, output?: unknown): Message[] {
  return Array.from({ length: count }, (_, index) =>
    exchange(`${prefix}${index}`, output),
  ).flat();
}

const config = { lastKeep: 2, minCompressionTokenThreshold: 1000 };

describe('compressToolRuns', () => {
  it('should skip a run below minCompressionTokenThreshold and keep all 10 tool messages', () => {
    const messages = [
      user('u1'),
      ...exchanges('t', 5),
      assistant('f1'),
      user('u2'),
      assistant('f2'),
    ];
    const context = fixtureContext(messages, { config: { lastKeep: 2 } });
    expect(compressToolRuns(context)).toBeUndefined();
    expect(
      messages.filter(
        (message) =>
          message.role === 'tool' ||
          message.content.some((part) => part.type === 'tool-call'),
      ),
    ).toHaveLength(10);
  });

  it('should leave the next strategy something to do after a skip (#989)', () => {
    // u1 is neither the task (u0) nor the latest request (u2), so it may be offloaded.
    const messages = [
      user('u0'),
      assistant('f0'),
      user('u1', big(6000)),
      ...exchanges('t', 3),
      assistant('f1'),
      user('u2'),
      assistant('f2'),
    ];
    const context = fixtureContext(messages, {
      config: { lastKeep: 2, minConsecutiveToolMessages: 5 },
    });
    expect(compressToolRuns(context)).toBeUndefined();
    expect(
      offloadLargeMessagesProtected(context)?.edits.map((edit) => edit.range),
    ).toEqual([{ start: 2, end: 3 }]);
  });

  it('should move past a small first run and compress a large second run with one task', () => {
    const messages = [
      user('u1'),
      ...exchanges('small', 4),
      assistant('between'),
      ...exchanges('large', 4, big(1500)),
      assistant('f1'),
      user('u2'),
      assistant('f2'),
    ];
    const plan = compressToolRuns(fixtureContext(messages, { config }))!;
    expect(plan.skipped).toEqual([
      { range: { start: 1, end: 9 }, reason: BELOW_TOKEN_THRESHOLD },
    ]);
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 10, end: 18 },
    ]);
    expect(plan.tasks).toEqual([
      {
        key: 'compressToolRuns:10',
        strategy: 'compressToolRuns',
        messages: messages.slice(10, 18),
        instructions: resolvePrompt('compressToolRuns', {}),
      },
    ]);
  });

  it('should replace the run with one marked assistant summary holding the ledger and the tag', () => {
    const messages = [
      user('u1'),
      ...exchanges('t', 4, `see /src/app.py line 42 ${big(1500)}`),
      assistant('f1'),
      user('u2'),
      assistant('f2'),
    ];
    const plan = compressToolRuns(fixtureContext(messages, { config }))!;
    const span = messages.slice(1, 9);
    const ledger = extractIdentifierLedger(renderTranscript(span));
    expect(plan.edits[0]!.offloads).toEqual({ 'gen-0': span });
    expect(
      renderReplacement(plan.edits[0]!, {
        'compressToolRuns:1': 'I searched four times.',
      }),
    ).toEqual([
      {
        id: 'gen-1',
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `I searched four times.\n${renderLedger(ledger)}\n${tag('gen-0')}`,
          },
        ],
        metadata: {
          acm: {
            kind: 'tool-run-summary',
            strategy: 'compressToolRuns',
            offloadId: 'gen-0',
            ledger,
            replaces: span.map((message) => message.id),
          },
        },
      },
    ]);
    expect(renderLedger(ledger)).toContain('/src/app.py');
    const after = applyTestPlan(stateOf(messages), plan);
    expect(checkStateContract({ before: stateOf(messages), after })).toEqual(
      [],
    );
  });

  it('should not count the summary as a final answer nor shift round boundaries (#1483)', () => {
    const messages = [
      user('u1'),
      ...exchanges('t', 4, big(1500)),
      assistant('f1'),
      user('u2'),
      assistant('f2'),
    ];
    const after = applyTestPlan(
      stateOf(messages),
      compressToolRuns(fixtureContext(messages, { config }))!,
    );
    const structure = analyzeConversation(after.working);
    expect(structure.latestFinalAnswerIndex).toBe(4);
    expect(structure.rounds).toEqual([
      { start: 0, end: 3, finalAnswerIndex: 2 },
      { start: 3, end: 5, finalAnswerIndex: 4 },
    ]);
  });

  it('should filter plan tools pairwise out of the summary input and mention them', () => {
    const mixedCall = toolCall('mixed-call', [
      { toolCallId: 'plan-1', toolName: 'update_subtask_state' },
      { toolCallId: 'real-1', toolName: 'search' },
    ]);
    const messages = [
      user('u1'),
      ...exchange('p', 'plan created', 'create_plan'),
      mixedCall,
      toolResult('plan-1-result', 'plan-1', 'ok', 'update_subtask_state'),
      toolResult('real-1-result', 'real-1', big(1500)),
      ...exchanges('t', 2, big(1500)),
      assistant('f1'),
      user('u2'),
      assistant('f2'),
    ];
    const plan = compressToolRuns(fixtureContext(messages, { config }))!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 10 },
    ]);
    expect(plan.tasks[0]!.messages.map((message) => message.id)).toEqual([
      'mixed-call',
      'real-1-result',
      't0-call',
      't0-result',
      't1-call',
      't1-result',
    ]);
    expect(plan.tasks[0]!.messages[0]!.content).toEqual([
      {
        type: 'tool-call',
        toolCallId: 'real-1',
        toolName: 'search',
        input: { query: 'real-1' },
      },
    ]);
    const text = renderReplacement(plan.edits[0]!, {
      'compressToolRuns:1': 'Summary.',
    })[0]!.content[0]!;
    expect(text.type === 'text' && text.text.split('\n').slice(0, 2)).toEqual([
      'Summary.',
      'Plan tools used: create_plan ×1, update_subtask_state ×1.',
    ]);
  });

  it('should cut runs on exchange boundaries and stop at protected exchanges', () => {
    const parallel = [
      toolCall('par-call', [{ toolCallId: 'x1' }, { toolCallId: 'x2' }]),
      toolResult('x1-result', 'x1', big(1500)),
      toolResult('x2-result', 'x2', big(1500)),
    ];
    const messages = [
      user('u1'),
      ...exchanges('a', 3, big(1500)),
      ...parallel,
      ...exchange('pinned', big(1500), 'pinned_tool'),
      ...exchanges('b', 2, big(1500)),
      assistant('f1'),
      user('u2'),
      assistant('f2'),
    ];
    const plan = compressToolRuns(
      fixtureContext(messages, {
        config: { ...config, toolPolicies: { pin: ['pinned_tool'] } },
      }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 10 },
    ]);
  });

  it('should compress at most maxToolRunsPerPass runs', () => {
    const messages = [
      user('u1'),
      ...exchanges('a', 4, big(1500)),
      assistant('mid'),
      ...exchanges('b', 4, big(1500)),
      assistant('f1'),
      user('u2'),
      assistant('f2'),
    ];
    const plan = compressToolRuns(
      fixtureContext(messages, {
        config: { ...config, maxToolRunsPerPass: 1 },
      }),
    )!;
    expect(plan.edits.map((edit) => edit.range)).toEqual([
      { start: 1, end: 9 },
    ]);
  });

  it('should compress every qualifying run in one pass at the defaults, one task each', () => {
    const messages = [
      user('u1'),
      ...Array.from({ length: 7 }, (_, run) => [
        ...exchanges(`r${run}-`, 4, big(1500)),
        assistant(`mid${run}`),
      ]).flat(),
      user('u2'),
      assistant('f2'),
    ];
    const plan = compressToolRuns(fixtureContext(messages, { config }))!;
    expect(plan.edits.map((edit) => edit.range)).toEqual(
      Array.from({ length: 7 }, (_, run) => ({
        start: 1 + run * 9,
        end: 9 + run * 9,
      })),
    );
    expect(plan.tasks).toHaveLength(7);
  });

  it('should leave runs after the latest final answer and inside lastKeep alone', () => {
    const messages = [
      user('u1'),
      assistant('f1'),
      user('u2'),
      ...exchanges('t', 4, big(1500)),
      assistant('f2'),
    ];
    expect(
      compressToolRuns(fixtureContext(messages, { config })),
    ).toBeUndefined();
    const older = [
      user('u1'),
      ...exchanges('t', 4, big(1500)),
      assistant('f1'),
      user('u2'),
      assistant('f2'),
    ];
    expect(
      compressToolRuns(
        fixtureContext(older, { config: { ...config, lastKeep: 5 } }),
      ),
    ).toBeUndefined();
  });
});
