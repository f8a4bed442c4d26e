import type { Plan } from './plan';

/**
 * The plan as the hint every summarization request carries, one fact a line:
 *
 * ```text
 * Plan: Fix the parser
 * Goal: Make the parser accept trailing commas
 * Current Progress: Write the failing test
 * Remaining: Patch the tokenizer, Run the suite
 * Progress: 1/4 subtasks completed
 * Expected Outcome: All tests pass
 * ```
 *
 * Empty lines are left out (the plan name and the remaining subtasks are ours; the
 * reference omitted them). Returns `undefined` when there is no plan or nothing to
 * say, so that no empty hint is sent.
 */
export function renderPlanHint(plan: Plan | undefined): string | undefined {
  if (plan === undefined) return undefined;
  const lines: string[] = [];
  const name = plan.name.trim();
  const description = plan.description.trim();
  const expectedOutcome = plan.expectedOutcome.trim();
  const namesIn = (state: string) =>
    plan.subtasks
      .filter((subtask) => subtask.state === state)
      .map((subtask) => subtask.name.trim())
      .filter((subtaskName) => subtaskName !== '');
  const inProgress = namesIn('in_progress');
  const remaining = namesIn('todo');
  const done = plan.subtasks.filter((subtask) => subtask.state === 'done');

  if (name !== '') lines.push(`Plan: ${name}`);
  if (description !== '') lines.push(`Goal: ${description}`);
  if (inProgress.length > 0)
    lines.push(`Current Progress: ${inProgress.join(', ')}`);
  if (remaining.length > 0) lines.push(`Remaining: ${remaining.join(', ')}`);
  if (plan.subtasks.length > 0)
    lines.push(
      `Progress: ${done.length}/${plan.subtasks.length} subtasks completed`,
    );
  if (expectedOutcome !== '')
    lines.push(`Expected Outcome: ${expectedOutcome}`);
  return lines.length === 0 ? undefined : lines.join('\n');
}
