import type { Message } from '../../vocabulary/message/message';
import { AppendableState } from '../../state/context-state/appendable-state';
import { createContextState } from '../../state/context-state/create-context-state';
import type { AutoContextMemoryOptions } from './auto-context-memory-options';
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
  /** Cleared offload ids, oldest first (insertion order), bounded. */
  readonly clearedOffloadIds: Set<string>;
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
