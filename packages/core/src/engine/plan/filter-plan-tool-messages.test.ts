import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message, Part } from '../../vocabulary/message/message';
import { filterPlanToolMessages } from './filter-plan-tool-messages';
import { PLAN_TOOL_NAMES } from './plan-tool-names';

const messagesFixture: Message[] = [
  { id: 'u1', role: 'user', content: [{ type: 'text', text: 'Fix the bug.' }] },
  {
    id: 'a1',
    role: 'assistant',
    content: [
      { type: 'text', text: 'Planning and reading.' },
      {
        type: 'tool-call',
        toolCallId: 'p1',
        toolName: 'create_plan',
        input: { name: 'Fix' },
      },
      {
        type: 'tool-call',
        toolCallId: 'r1',
        toolName: 'read_file',
        input: { path: 'a.py' },
      },
    ],
  },
  {
    id: 't1',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'p1',
        toolName: 'create_plan',
        output: 'ok',
      },
    ],
  },
  {
    id: 't2',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'r1',
        toolName: 'read_file',
        output: 'print(1)',
      },
    ],
  },
  {
    id: 'a2',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'p2',
        toolName: 'update_subtask_state',
        input: { state: 'done' },
      },
    ],
  },
  {
    id: 't3',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'p2',
        toolName: 'update_subtask_state',
        output: 'ok',
      },
    ],
  },
  { id: 'a3', role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
];

describe('filterPlanToolMessages', () => {
  it('should remove plan calls and results pairwise and keep mixed messages', () => {
    expect(filterPlanToolMessages(messagesFixture)).toEqual([
      messagesFixture[0],
      {
        id: 'a1',
        role: 'assistant',
        content: [
          { type: 'text', text: 'Planning and reading.' },
          {
            type: 'tool-call',
            toolCallId: 'r1',
            toolName: 'read_file',
            input: { path: 'a.py' },
          },
        ],
      },
      messagesFixture[3],
      messagesFixture[6],
    ]);
  });

  it('should return untouched messages by reference and not mutate the input', () => {
    const snapshot = structuredClone(messagesFixture);
    const filtered = filterPlanToolMessages(messagesFixture);
    expect(filtered[0]).toBe(messagesFixture[0]);
    expect(messagesFixture).toEqual(snapshot);
  });

  it('should remove a call whose result names the plan tool, by id', () => {
    const messages: Message[] = [
      {
        id: 'a',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'x',
            toolName: 'renamed',
            input: {},
          },
        ],
      },
      {
        id: 't',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'x',
            toolName: 'finish_plan',
            output: 'ok',
          },
        ],
      },
    ];
    expect(filterPlanToolMessages(messages)).toEqual([]);
  });

  it('should accept other plan tool names', () => {
    expect(
      filterPlanToolMessages(messagesFixture, ['read_file']).map(
        (message) => message.id,
      ),
    ).toEqual(['u1', 'a1', 't1', 'a2', 't3', 'a3']);
  });

  it('should never leave a call without its result or a result without its call', () => {
    const toolNames = ['create_plan', 'finish_subtask', 'bash', 'read_file'];
    const exchangeArbitrary = fc.array(fc.constantFrom(...toolNames), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(
        fc.array(exchangeArbitrary, { maxLength: 8 }),
        fc.boolean(),
        (exchanges, splitResults) => {
          const messages: Message[] = [];
          exchanges.forEach((names, index) => {
            const ids = names.map((_, call) => `c${index}_${call}`);
            messages.push({
              id: `a${index}`,
              role: 'assistant',
              content: names.map((toolName, call) => ({
                type: 'tool-call',
                toolCallId: ids[call]!,
                toolName,
                input: {},
              })),
            });
            const results: Part[] = names.map((toolName, call) => ({
              type: 'tool-result',
              toolCallId: ids[call]!,
              toolName,
              output: 'ok',
            }));
            if (splitResults) {
              results.forEach((part, call) =>
                messages.push({
                  id: `t${index}_${call}`,
                  role: 'tool',
                  content: [part],
                }),
              );
            } else {
              messages.push({
                id: `t${index}`,
                role: 'tool',
                content: results,
              });
            }
          });
          const filtered = filterPlanToolMessages(messages);
          const calls = new Set<string>();
          const results = new Set<string>();
          const callNames: string[] = [];
          for (const message of filtered) {
            expect(message.content.length).toBeGreaterThan(0);
            for (const part of message.content) {
              if (part.type === 'tool-call') {
                callNames.push(part.toolName);
                calls.add(part.toolCallId);
              }
              if (part.type === 'tool-result') results.add(part.toolCallId);
            }
          }
          expect(
            callNames.filter((name) => PLAN_TOOL_NAMES.includes(name)),
          ).toEqual([]);
          expect([...calls].sort()).toEqual([...results].sort());
          const expectedCalls = exchanges.flatMap((names, index) =>
            names.flatMap((name, call) =>
              PLAN_TOOL_NAMES.includes(name) ? [] : [`c${index}_${call}`],
            ),
          );
          expect([...calls]).toEqual(expectedCalls);
        },
      ),
      { numRuns: 500 },
    );
  });
});
