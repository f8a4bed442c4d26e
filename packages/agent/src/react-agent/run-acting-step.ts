import { InvalidArgumentError } from '@acm/core';
import type { ToolCallPart, ToolResultPart } from '@acm/core';
import type { PlannedToolCall } from '../hook/agent-hook';
import { toHookContext } from './agent-run';
import type { AgentRun } from './agent-run';
import { runToolCall } from './run-tool-call';

/**
 * One acting step, in four named steps: plan (`acting-start`, the calls as
 * the `preActing` hooks leave them) → run the tools (concurrently or one
 * after another; results in call order) → review (the results as the
 * `postActing` hooks leave them) → store (one tool message per result,
 * `acting-end`).
 * @returns `false` when the signal aborted (nothing is stored then).
 */
export async function runActingStep(
  run: AgentRun,
  calls: readonly ToolCallPart[],
): Promise<boolean> {
  const { clock } = run;
  run.emit({
    type: 'acting-start',
    at: clock.now(),
    iteration: run.iteration,
    toolCallCount: calls.length,
  });
  const startedAt = clock.now();
  const planned = await planCalls(run, calls);
  const ran = await runTools(run, planned);
  if (run.signal.aborted) return false;
  const results = await reviewResults(run, planned, ran);
  await run.store(
    results.map((result) => ({
      id: run.generateId(),
      role: 'tool',
      content: [result],
    })),
  );
  run.emit({
    type: 'acting-end',
    at: clock.now(),
    iteration: run.iteration,
    durationMs: clock.now() - startedAt,
  });
  return true;
}

/** Step 1: the calls to run, as the `preActing` hooks leave them. */
async function planCalls(
  run: AgentRun,
  calls: readonly ToolCallPart[],
): Promise<readonly PlannedToolCall[]> {
  let planned: readonly PlannedToolCall[] = calls.map((call) => ({
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: call.input,
  }));
  for (const hook of run.hooks) {
    const change = await hook.preActing?.({
      ...toHookContext(run),
      toolCalls: planned,
    });
    if (change?.toolCalls) planned = reconcile(calls, change.toolCalls);
  }
  return planned;
}

/** Step 2: runs the planned calls; their results in call order. */
async function runTools(
  run: AgentRun,
  planned: readonly PlannedToolCall[],
): Promise<readonly ToolResultPart[]> {
  if (run.parallelToolCalls) {
    return Promise.all(planned.map((call) => runToolCall(run, call)));
  }
  const sequential: ToolResultPart[] = [];
  for (const call of planned) sequential.push(await runToolCall(run, call));
  return sequential;
}

/** Step 3: the results, as the `postActing` hooks leave them. */
async function reviewResults(
  run: AgentRun,
  planned: readonly PlannedToolCall[],
  ran: readonly ToolResultPart[],
): Promise<readonly ToolResultPart[]> {
  let results = ran;
  for (const hook of run.hooks) {
    const change = await hook.postActing?.({
      ...toHookContext(run),
      toolCalls: planned,
      results,
    });
    if (change?.results) {
      assertResultsMatch(planned, change.results);
      results = change.results;
    }
  }
  return results;
}

/** Keeps one planned call per call the model made, in the model's order. */
function reconcile(
  calls: readonly ToolCallPart[],
  planned: readonly PlannedToolCall[],
): readonly PlannedToolCall[] {
  const byId = new Map(planned.map((call) => [call.toolCallId, call]));
  return calls.map(
    (call) =>
      byId.get(call.toolCallId) ?? {
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        input: call.input,
        veto: 'Error: this tool call was skipped by a hook.',
      },
  );
}

function assertResultsMatch(
  planned: readonly PlannedToolCall[],
  results: readonly ToolResultPart[],
): void {
  const matches =
    results.length === planned.length &&
    results.every(
      (result, index) => result.toolCallId === planned[index]!.toolCallId,
    );
  if (!matches) {
    throw new InvalidArgumentError({
      parameter: 'results',
      value: results.map((result) => result.toolCallId),
      message: `a postActing hook must return one result per tool call, in call order (${planned.map((call) => call.toolCallId).join(', ')})`,
    });
  }
}
