import { IDENTIFIERS, PATHS, WORDS } from './content-vocabulary';
import type { Random } from './create-random';
import { between, pick } from './create-random';
import type { GeneratedCall } from './generated-call';

/** The plan tools of the PlanNotebook (reference plan-aware compression). */
export const PLAN_TOOL_NAMES = [
  'create_plan',
  'update_plan_info',
  'revise_current_plan',
  'update_subtask_state',
  'finish_subtask',
  'view_subtasks',
  'get_subtask_count',
  'finish_plan',
  'view_historical_plans',
  'recover_historical_plan',
] as const;

export type PlanToolName = (typeof PLAN_TOOL_NAMES)[number];

/** A plan tool call and its (short) output. `create_plan` describes a fresh plan. */
export function planCall(
  random: Random,
  toolName: PlanToolName,
): GeneratedCall {
  const subtask = between(random, 0, 3);
  const { input, output } = planPayload(random, toolName, subtask);
  return { toolName, input, output, isError: false };
}

function planPayload(
  random: Random,
  toolName: PlanToolName,
  subtask: number,
): { input: unknown; output: unknown } {
  switch (toolName) {
    case 'create_plan': {
      const count = between(random, 2, 4);
      return {
        input: {
          name: `Fix ${pick(random, IDENTIFIERS)}`,
          description:
            'Reproduce the failure, fix it and add a regression test.',
          expected_outcome: 'All tests pass and the fix is covered by a test.',
          subtasks: Array.from({ length: count }, (_, index) => ({
            name: `Step ${index + 1}: ${pick(random, WORDS)}`,
            description: `Handle the ${pick(random, WORDS)} part.`,
            expected_outcome: `${pick(random, WORDS)} done`,
          })),
        },
        output: `Plan created with ${count} subtasks. Subtask 0 is now in_progress.`,
      };
    }
    case 'update_plan_info':
      return {
        input: { description: `Also update ${pick(random, PATHS)}.` },
        output: 'Plan info updated.',
      };
    case 'revise_current_plan':
      return {
        input: {
          subtask_idx: subtask,
          action: pick(random, ['add', 'revise', 'delete']),
          subtask: {
            name: `Check ${pick(random, WORDS)}`,
            description: 'Double-check.',
            expected_outcome: 'Checked.',
          },
        },
        output: `Subtask at index ${subtask} revised.`,
      };
    case 'update_subtask_state': {
      const state = pick(random, ['todo', 'in_progress', 'abandoned']);
      return {
        input: { subtask_idx: subtask, state },
        output: `Subtask ${subtask} state updated to ${state}.`,
      };
    }
    case 'finish_subtask':
      return {
        input: {
          subtask_idx: subtask,
          subtask_outcome: `${pick(random, WORDS)} fixed in ${pick(random, PATHS)}`,
        },
        output: `Subtask ${subtask} marked as done. Subtask ${subtask + 1} is now in_progress.`,
      };
    case 'view_subtasks':
      return {
        input: { subtask_idx: [0, subtask] },
        output: `Subtask 0: Reproduce [done]\nSubtask ${subtask}: ${pick(random, WORDS)} [in_progress]`,
      };
    case 'get_subtask_count':
      return { input: {}, output: { count: subtask + 2 } };
    case 'finish_plan':
      return {
        input: {
          state: pick(random, ['done', 'abandoned']),
          outcome: 'Fixed and tested.',
        },
        output: 'The current plan is finished.',
      };
    case 'view_historical_plans':
      return {
        input: {},
        output: [
          {
            plan_id: `plan_${subtask}`,
            name: `Fix ${pick(random, IDENTIFIERS)}`,
            state: 'done',
          },
        ],
      };
    case 'recover_historical_plan':
      return {
        input: { plan_id: `plan_${subtask}` },
        output: `Plan plan_${subtask} recovered.`,
      };
  }
}
