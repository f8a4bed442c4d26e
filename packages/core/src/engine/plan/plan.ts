/** Where a subtask of a plan stands. */
export type SubtaskState = 'todo' | 'in_progress' | 'done' | 'abandoned';

export const SUBTASK_STATES: readonly SubtaskState[] = [
  'todo',
  'in_progress',
  'done',
  'abandoned',
];

/** One step of a plan. */
export interface PlanSubtask {
  readonly name: string;
  readonly description?: string;
  readonly state: SubtaskState;
}

/** An agent's plan, as data (DESIGN §3.9). */
export interface Plan {
  readonly name: string;
  readonly description: string;
  readonly expectedOutcome: string;
  readonly subtasks: readonly PlanSubtask[];
}
