import type { ContextState } from '../../state/context-state/context-state';
import { checkTrigger } from '../trigger/check-trigger';
import type { TriggerCheck } from '../trigger/check-trigger';
import type { CompressionLoopOptions } from './compression-loop';

/** The trigger check of `state` under the call's options. */
export function checkLoopTrigger(
  state: ContextState,
  options: CompressionLoopOptions,
): TriggerCheck {
  return checkTrigger({
    messages: state.working,
    config: options.config,
    counter: options.counter,
    fixedTokens: options.fixedTokens,
    calibration: options.calibration,
  });
}
