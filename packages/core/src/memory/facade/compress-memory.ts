import { renderPlanHint } from '../../engine/plan/render-plan-hint';
import { checkTrigger } from '../../engine/trigger/check-trigger';
import type { TriggerCheck } from '../../engine/trigger/check-trigger';
import type { AppendableState } from '../../state/context-state/appendable-state';
import { runCompression } from '../compression/run-compression';
import type { CompressionResult } from '../compression/run-compression';
import type { CompressIfNeededOptions } from './auto-context-memory-options';
import { countWorkingTokens } from './count-working-tokens';
import { createKnownCountCounter } from './create-known-count-counter';
import { loadCounter } from './load-counter';
import { commitState } from './commit-state';
import type { MemoryCore } from './create-memory-core';

/** The options of one `compressIfNeeded` or `previewCompression` call, defaults applied. */
export type CompressMemoryOptions = CompressIfNeededOptions & {
  readonly fixedTokens: number;
  readonly force: boolean;
};

/**
 * A `compressIfNeeded` / `previewCompression` call's options with their
 * defaults, read when the call is made (it runs later, in the queue).
 */
export function withCompressDefaults({
  signal,
  fixedTokens = 0,
  calibration,
  force = false,
  resummarize = false,
}: CompressIfNeededOptions): CompressMemoryOptions {
  return { signal, fixedTokens, calibration, force, resummarize };
}

/**
 * The body of `compressIfNeeded`, in the queue. The counter's tokenizer is
 * loaded once (where counting cannot load it synchronously: browsers, edge);
 * after that a call that finds nothing to do runs synchronously, without a
 * promise hop per turn. (Anonymous closures on this path, which runs every
 * turn: a build that keeps function names would name a named closure on
 * every call.)
 */
export function compressMemory(
  core: MemoryCore,
  options: CompressMemoryOptions,
): CompressionResult | Promise<CompressionResult> {
  return core.counterLoaded
    ? compressLoaded(core, options)
    : loadCounter(core).then(() => compressLoaded(core, options));
}

/**
 * With the counter loaded: checks the trigger on the counted working
 * messages (unless `force`; below it nothing changes and no state snapshot is
 * built), then runs `runCompression` on the committed state, with the plan
 * hint of the attached notebook, and commits its result.
 */
function compressLoaded(
  core: MemoryCore,
  {
    signal,
    fixedTokens,
    calibration,
    force,
    resummarize,
  }: CompressMemoryOptions,
): CompressionResult | Promise<CompressionResult> {
  const tokens = countWorkingTokens(core);
  const live = core.log.workingList;
  if (!force) {
    const trigger = checkTrigger({
      messages: live,
      config: core.config,
      counter: createKnownCountCounter(core.counter, tokens, [live]),
      fixedTokens,
      calibration: calibration ?? core.calibration,
    });
    if (!trigger.triggered) return notTriggered(core.log, trigger);
  }
  const state = core.log.state;
  const counter = createKnownCountCounter(core.counter, tokens, [
    live,
    state.working,
  ]);
  return runCompression({
    state,
    config: core.config,
    counter,
    summarizer: core.summarizer,
    clock: core.clock,
    generateId: core.generateId,
    timeoutSignal: core.timeoutSignal,
    signal,
    planHint: renderPlanHint(core.planNotebook?.getCurrentPlan()),
    fixedTokens,
    calibration: calibration ?? core.calibration,
    force,
    ...(resummarize === true ? { resummarize } : {}),
    onEvent: core.onEvent,
  }).then((result) => {
    commitState(core, result.state);
    return result;
  });
}

/** The result of a call that found no trigger reached: nothing changes. */
function notTriggered(
  log: AppendableState,
  trigger: TriggerCheck,
): CompressionResult {
  // The state snapshot is built only if the caller reads it (an own,
  // enumerable accessor, as a data property would be).
  return {
    applied: false,
    trigger,
    passes: [],
    events: [],
    stopReason: 'not-triggered',
    get state() {
      return log.state;
    },
  };
}
