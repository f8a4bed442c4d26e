import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import {
  analyzeConversation,
  isFinalAnswerAt,
  isHarnessReply,
} from './analyze-conversation';

const text = (id: string, role: Message['role'], value: string): Message => ({
  id,
  role,
  content: [{ type: 'text', text: value }],
});
const call = (id: string): Message => ({
  id,
  role: 'assistant',
  content: [
    { type: 'text', text: 'THOUGHT: look' },
    {
      type: 'tool-call',
      toolCallId: id,
      toolName: 'bash',
      input: { command: 'ls' },
    },
  ],
});
const result = (id: string): Message => ({
  id: `${id}-result`,
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: id, toolName: 'bash', output: 'a.py' },
  ],
});

/** A mini-swe-agent run: the model writes two actions, the harness answers with a format error. */
const sweRun: Message[] = [
  text('sys', 'system', 'Reply with exactly one bash block.'),
  text('task', 'user', 'Fix the separability bug.'),
  call('c1'),
  result('c1'),
  text(
    'bad',
    'assistant',
    'THOUGHT: two steps\n```bash\nls\n```\n```bash\npwd\n```',
  ),
  text(
    'format',
    'user',
    'Please always provide EXACTLY ONE action in triple backticks, found 2 actions.',
  ),
  call('c2'),
  result('c2'),
  text('note', 'assistant', 'Progress: the test passes now.'),
  call('c3'),
];

describe('analyzeConversation', () => {
  it('should keep a text-harness run in one round: a format error is a harness reply, not a new request', () => {
    const structure = analyzeConversation(sweRun);
    expect(structure.rounds).toEqual([
      { start: 1, end: 10, finalAnswerIndex: -1 },
    ]);
    expect(structure.latestFinalAnswerIndex).toBe(-1);
    expect(structure.taskIndex).toBe(1);
    expect(structure.latestRequestIndex).toBe(1);
    expect(isHarnessReply(sweRun, 5)).toBe(true);
    expect(isFinalAnswerAt(sweRun, 4)).toBe(false);
    // A progress note followed by more work is not a final answer.
    expect(isFinalAnswerAt(sweRun, 8)).toBe(false);
  });

  it('should open a round at a real request after a prose answer, and at an injected message never', () => {
    const chat: Message[] = [
      text('u1', 'user', 'Cancel reservation ABC123.'),
      text('a1', 'assistant', 'Done, ABC123 is cancelled.'),
      {
        ...text('r', 'user', 'Reminder: be brief.'),
        metadata: { acm: { kind: 'injected' } },
      },
      text('a2', 'assistant', 'Noted.'),
      text('u2', 'user', 'Now book a flight to Boston.'),
    ];
    const structure = analyzeConversation(chat);
    expect(structure.rounds.map((round) => round.start)).toEqual([0, 4]);
    expect(structure.latestFinalAnswerIndex).toBe(3);
    expect(isFinalAnswerAt(chat, 1)).toBe(false);
    expect(structure.taskIndex).toBe(0);
    expect(structure.latestRequestIndex).toBe(4);
  });

  it('should count a request summary as a user turn', () => {
    const summarized: Message = {
      ...text('task-summary', 'user', 'Summary of the task'),
      metadata: { acm: { kind: 'request-summary', offloadId: 'x' } },
    };
    const structure = analyzeConversation([
      summarized,
      call('c1'),
      result('c1'),
    ]);
    expect(structure.taskIndex).toBe(0);
    expect(structure.rounds).toHaveLength(1);
  });
});
