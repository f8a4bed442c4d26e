import { renderPlanHint } from '../../engine/plan/render-plan-hint';
import { planCompression } from '../compression/plan-compression';
import type { CompressionDryRun } from '../compression/plan-compression';
import type { CompressMemoryOptions } from './compress-memory';
import { loadCounter } from './load-counter';
import type { MemoryCore } from './create-memory-core';

/**
 * The body of `previewCompression`, in the queue: loads the counter if it is
 * not yet, then plans the passes on the committed state (`planCompression`),
 * with the plan hint of the attached notebook. Changes nothing.
 */
export async function previewMemoryCompression(
  core: MemoryCore,
  {
    signal,
    fixedTokens,
    calibration,
    force,
    resummarize,
  }: CompressMemoryOptions,
): Promise<CompressionDryRun> {
  if (!core.counterLoaded) await loadCounter(core);
  return planCompression({
    state: core.log.state,
    config: core.config,
    counter: core.counter,
    generateId: core.generateId,
    signal,
    planHint: renderPlanHint(core.planNotebook?.getCurrentPlan()),
    fixedTokens,
    calibration: calibration ?? core.calibration,
    force,
    ...(resummarize === true ? { resummarize } : {}),
    readOriginalsUpTo: core.summarizer.readOriginalsUpTo ?? 0,
  });
}
