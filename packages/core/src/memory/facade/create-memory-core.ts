import type { Message } from '../../vocabulary/message/message';
import { AppendableState } from '../../state/context-state/appendable-state';
import { createContextState } from '../../state/context-state/create-context-state';
import type { AutoContextMemoryOptions } from './auto-context-memory-options';
import { INITIAL_MEMORY_EPOCHS } from './memory-epochs';
import type { MemoryEpochs } from './memory-epochs';
import type { PlanProvider } from './plan-provider';
import { resolveMemoryOptions } from './resolve-memory-options';
import type { ResolvedMemoryOptions } from './resolve-memory-options';

/**
 * What one memory holds: the options it runs with (resolved) and the state
 * it changes. Only the memory facade holds one; the operations of this
 * folder read and write it, one at a time (the facade's serial queue), and
 * replace the committed state with `commitState`.
 */
export interface MemoryCore extends Omit<
  ResolvedMemoryOptions,
  'planNotebook'
> {
  /** Source of the active plan (`attachPlanNotebook` changes it). */
  planNotebook: PlanProvider | undefined;
  /**
   * Offload ids cleared from the current history (`clear`, `clearOffload`),
   * oldest first (insertion order), bounded; forgotten when the history is
   * replaced by another (`load`, `loadState`).
   */
  readonly clearedOffloadIds: Set<string>;
  /** What changed (`commitState` moves them); a new frozen value on each move. */
  epochs: MemoryEpochs;
  /** The committed state: appends in O(new messages), frozen snapshots on read. */
  readonly log: AppendableState;
  /**
   * Tokens of the first `length` working messages by the counter
   * (uncalibrated), carried forward over appends; `undefined` after any other
   * change until the next count.
   */
  counted: { readonly tokens: number; readonly length: number } | undefined;
  /** Messages added since the state was last loaded from or saved to the store. */
  unsaved: Message[];
  /**
   * Provider tokens ÷ our count, measured on requests of the current history
   * (`setCalibration`); back to 1 when the history is replaced.
   */
  calibration: number;
  /** Whether the counter's `load()` has resolved once (then counting is synchronous for good). */
  counterLoaded: boolean;
  /** The revision last loaded from or saved to the store; `null` before either. */
  storedRevision: number | null;
}

/**
 * The core of a new memory: its options resolved (`resolveMemoryOptions`)
 * and an empty state of its session.
 * @throws what `resolveMemoryOptions` throws.
 */
export function createMemoryCore(
  options: AutoContextMemoryOptions,
): MemoryCore {
  const resolved = resolveMemoryOptions(options);
  return {
    ...resolved,
    clearedOffloadIds: new Set(),
    epochs: INITIAL_MEMORY_EPOCHS,
    log: new AppendableState(
      createContextState({ sessionId: resolved.sessionId }),
    ),
    counted: undefined,
    unsaved: [],
    calibration: 1,
    counterLoaded: false,
    storedRevision: null,
  };
}
