import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import { describePlanToolUse } from './describe-plan-tool-use';

function call(id: string, toolName: string): Message {
  return {
    id,
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: id, toolName, input: {} }],
  };
}

describe('describePlanToolUse', () => {
  it('should count plan tool calls in order of first use', () => {
    expect(
      describePlanToolUse([
        call('1', 'create_plan'),
        call('2', 'update_subtask_state'),
        call('3', 'bash'),
        call('4', 'update_subtask_state'),
        call('5', 'update_subtask_state'),
      ]),
    ).toBe('Plan tools used: create_plan ×1, update_subtask_state ×3.');
  });

  it('should return undefined when no plan tool was called', () => {
    expect(describePlanToolUse([call('1', 'bash')])).toBeUndefined();
  });

  it('should accept other plan tool names', () => {
    expect(describePlanToolUse([call('1', 'bash')], ['bash'])).toBe(
      'Plan tools used: bash ×1.',
    );
  });
});
