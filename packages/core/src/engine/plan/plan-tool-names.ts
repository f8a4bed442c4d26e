/** Tools of the plan notebook; their calls and results are kept out of summaries. */
export const PLAN_TOOL_NAMES: readonly string[] = [
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
];
