import { InvalidArgumentError } from '@acm/core';
import { PLAN_TOOL_NAMES, renderPlanHint } from '@acm/core/internal';
import type { Message } from '@acm/core';
import { describe, expect, it } from 'vitest';
import { PLAN_NOTEBOOK_TOOL_NAMES, PlanNotebook } from './plan-notebook';

const signal = new AbortController().signal;

function runTool(notebook: PlanNotebook, name: string, input: unknown) {
  const tool = notebook
    .getTools()
    .find((candidate) => candidate.name === name)!;
  return tool.execute(input, { toolCallId: 'call', signal });
}

describe('PlanNotebook', () => {
  it('should expose the usual plan tools, all named as in core', () => {
    expect(new PlanNotebook().getTools().map((tool) => tool.name)).toEqual([
      'create_plan',
      'revise_current_plan',
      'update_subtask_state',
      'finish_subtask',
      'finish_plan',
      'view_subtasks',
      'get_subtask_count',
    ]);
    expect(
      PLAN_NOTEBOOK_TOOL_NAMES.every((name) => PLAN_TOOL_NAMES.includes(name)),
    ).toBe(true);
  });

  it('should work a plan through its tools and feed the plan hint', async () => {
    const notebook = new PlanNotebook();
    expect(notebook.getCurrentPlan()).toBeUndefined();
    await runTool(notebook, 'create_plan', {
      name: 'Fix parser',
      description: 'Accept trailing commas',
      expected_outcome: 'Tests pass',
      subtasks: [
        { name: 'Write test' },
        { name: 'Patch tokenizer' },
        { name: 'Run suite' },
      ],
    });
    expect(
      await runTool(notebook, 'finish_subtask', {
        subtask_idx: 0,
        subtask_outcome: 'red',
      }),
    ).toBe('Subtask 0 done. Outcome: red Next: subtask 1 "Patch tokenizer".');
    await runTool(notebook, 'revise_current_plan', {
      subtask_idx: 2,
      action: 'add',
      subtask: { name: 'Update docs', description: 'Mention commas' },
    });
    await runTool(notebook, 'update_subtask_state', {
      subtask_idx: 3,
      state: 'abandoned',
    });
    expect(await runTool(notebook, 'get_subtask_count', {})).toBe(4);
    expect(await runTool(notebook, 'view_subtasks', {})).toBe(
      '0. [done] Write test\n1. [in_progress] Patch tokenizer\n2. [todo] Update docs: Mention commas\n3. [abandoned] Run suite',
    );
    expect(renderPlanHint(notebook.getCurrentPlan())).toBe(
      'Plan: Fix parser\nGoal: Accept trailing commas\nCurrent Progress: Patch tokenizer\nRemaining: Update docs\nProgress: 1/4 subtasks completed\nExpected Outcome: Tests pass',
    );
    await runTool(notebook, 'finish_plan', {
      state: 'done',
      outcome: 'merged',
    });
    expect(notebook.getCurrentPlan()).toBeUndefined();
    expect(notebook.getFinishedPlans().map((plan) => plan.name)).toEqual([
      'Fix parser',
    ]);
  });

  it('should throw typed errors for a missing plan or a bad index', () => {
    const notebook = new PlanNotebook();
    expect(() => notebook.finishSubtask({ subtaskIndex: 0 })).toThrow(
      InvalidArgumentError,
    );
    notebook.createPlan({
      name: 'P',
      description: '',
      expectedOutcome: '',
      subtasks: [{ name: 'A' }],
    });
    expect(() =>
      notebook.updateSubtaskState({ subtaskIndex: 3, state: 'todo' }),
    ).toThrow(
      'Invalid argument for parameter subtask_idx: must be an integer from 0 to 0, received 3',
    );
  });

  it('should rebuild the plan by replaying the successful plan calls of a conversation', () => {
    const call = (
      toolCallId: string,
      toolName: string,
      input: unknown,
    ): Message => ({
      id: `assistant-${toolCallId}`,
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId, toolName, input }],
    });
    const result = (
      toolCallId: string,
      toolName: string,
      isError = false,
    ): Message => ({
      id: `tool-${toolCallId}`,
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId,
          toolName,
          output: 'ok',
          ...(isError ? { isError } : {}),
        },
      ],
    });
    const messages: Message[] = [
      call('1', 'create_plan', {
        name: 'P',
        description: 'D',
        expected_outcome: 'E',
        subtasks: [{ name: 'A' }, { name: 'B' }],
      }),
      result('1', 'create_plan'),
      call('2', 'finish_subtask', { subtask_idx: 0 }),
      result('2', 'finish_subtask'),
      call('3', 'update_subtask_state', { subtask_idx: 1, state: 'abandoned' }),
      result('3', 'update_subtask_state', true),
      call('4', 'revise_current_plan', { subtask_idx: 1, action: 'delete' }),
    ];
    const live = new PlanNotebook();
    live.createPlan({
      name: 'P',
      description: 'D',
      expectedOutcome: 'E',
      subtasks: [{ name: 'A' }, { name: 'B' }],
    });
    live.finishSubtask({ subtaskIndex: 0 });
    const replayed = new PlanNotebook();
    replayed.replay(messages);
    expect(replayed.getCurrentPlan()).toEqual(live.getCurrentPlan());
  });
});
