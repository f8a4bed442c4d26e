import { InvalidStateError } from '@acm/core';
import type { Message } from '@acm/core';
import type { ModelUsage } from '../model/chat-model';
import { toHookContext } from './agent-run';
import type { AgentParts, AgentRun } from './agent-run';
import type { AgentRunResult } from './agent-run-result';
import { finishRun } from './finish-run';
import type { AgentRunOptions } from './react-agent';
import { readRunState } from './read-run-state';
import { runActingStep } from './run-acting-step';
import { runReasoningStep } from './run-reasoning-step';

const NEVER_ABORTED = new AbortController().signal;
const NO_USAGE: ModelUsage = { inputTokens: 0, outputTokens: 0 };

/** Whether a run of the agent is in progress (one at a time). */
export interface RunLock {
  running: boolean;
}

/**
 * One run or resume: the stored session loaded before the agent's first run,
 * the `preCall` hooks and the input taken in as `history` says (`run-start`),
 * then the iteration: the stored messages say what is due (nothing: the run
 * completed; tool calls: an acting step; else a reasoning step, until
 * `maxIters`), until the run ends or the signal aborts. A step that throws
 * ends the run with a `failed` `run-end` event and the error.
 * @throws (rejects) InvalidStateError when a run of the agent is in progress.
 */
export async function executeRun(
  parts: AgentParts,
  lock: RunLock,
  input: readonly Message[] | undefined,
  { signal = NEVER_ABORTED }: AgentRunOptions,
): Promise<AgentRunResult> {
  if (lock.running) {
    throw new InvalidStateError({
      path: 'agent',
      message: `${parts.name} is already running: wait for the current run to end`,
    });
  }
  lock.running = true;
  const run: AgentRun = {
    ...parts,
    signal,
    startedAt: parts.clock.now(),
    iteration: 0,
    usage: NO_USAGE,
  };
  const { memory, clock } = run;
  try {
    await run.prepare();
    let appended = input ?? [];
    for (const hook of run.hooks) {
      const change = await hook.preCall?.({
        ...toHookContext(run),
        input: appended,
      });
      if (change?.input) appended = change.input;
    }
    if (input !== undefined) await run.takeInput(appended);
    run.iteration = readRunState(memory.getOriginalMessages()).iteration;
    run.emit({
      type: 'run-start',
      at: clock.now(),
      iteration: run.iteration,
      resumed: input === undefined,
    });
    for (;;) {
      if (signal.aborted) return await finishRun(run, 'aborted');
      const state = readRunState(memory.getOriginalMessages());
      if (state.pending === 'none') {
        return await finishRun(
          run,
          'completed',
          memory.getOriginalMessages().at(-1),
        );
      }
      if (state.pending === 'acting') {
        if (!(await runActingStep(run, state.pendingToolCalls))) {
          return await finishRun(run, 'aborted');
        }
        continue;
      }
      if (run.iteration >= run.maxIters) {
        return await finishRun(run, 'max-iterations');
      }
      if (!(await runReasoningStep(run)))
        return await finishRun(run, 'aborted');
    }
  } catch (error) {
    run.emit({
      type: 'run-end',
      at: clock.now(),
      iteration: run.iteration,
      status: 'failed',
      durationMs: clock.now() - run.startedAt,
      usage: run.usage,
    });
    throw error;
  } finally {
    lock.running = false;
  }
}
