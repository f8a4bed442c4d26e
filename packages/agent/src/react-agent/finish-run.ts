import { getMessageText } from '@acm/core';
import type { Message } from '@acm/core';
import type { AgentRunResult, AgentRunStatus } from './agent-run-result';
import { toHookContext } from './agent-run';
import type { AgentRun } from './agent-run';

/**
 * The end of a run that did not fail: its result (the final answer for
 * `completed`), seen by every `postCall` hook, then the `run-end` event.
 */
export async function finishRun(
  run: AgentRun,
  status: AgentRunStatus,
  message?: Message,
): Promise<AgentRunResult> {
  const result: AgentRunResult =
    message === undefined
      ? { status, text: '', iterations: run.iteration, usage: run.usage }
      : {
          status,
          message,
          text: getMessageText(message),
          iterations: run.iteration,
          usage: run.usage,
        };
  for (const hook of run.hooks) {
    await hook.postCall?.({ ...toHookContext(run), result });
  }
  run.emit({
    type: 'run-end',
    at: run.clock.now(),
    iteration: run.iteration,
    status,
    durationMs: run.clock.now() - run.startedAt,
    usage: run.usage,
  });
  return result;
}
