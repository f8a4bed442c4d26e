import type { Clock, IdGenerator } from '../../vocabulary/clock/clock';
import type { AutoContextConfig } from '../../vocabulary/config/config';
import type { Message } from '../../vocabulary/message/message';
import type { CompressionListenerEvent } from '../../engine/loop/compression-listener-event';
import { AppendableState } from '../../state/context-state/appendable-state';
import type { ContextState } from '../../state/context-state/context-state';
import { createContextState } from '../../state/context-state/create-context-state';
import type { TokenCounter } from '../../state/token/token-counter';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import type { SessionStore } from '../store/session-store';
import type { PlanProvider } from './plan-provider';
import type { ResolvedMemoryOptions } from './resolve-memory-options';

/**
 * What one memory holds: the dependencies it runs with and the state it
 * changes. Only the memory facade holds one; the operations of this folder
 * read and write it, one at a time (the facade's serial queue). Pure (no I/O).
 */
export class MemoryCore {
  readonly sessionId: string;
  readonly config: AutoContextConfig;
  readonly summarizer: Summarizer;
  readonly counter: TokenCounter;
  readonly clock: Clock;
  readonly generateId: IdGenerator;
  readonly timeoutSignal: (ms: number) => AbortSignal;
  readonly store: SessionStore | undefined;
  readonly onEvent: ((event: CompressionListenerEvent) => void) | undefined;
  planNotebook: PlanProvider | undefined;
  /** Cleared offload ids, oldest first (insertion order), bounded. */
  readonly clearedOffloadIds = new Set<string>();
  /** The committed state: appends in O(new messages), frozen snapshots on read. */
  readonly log: AppendableState;
  /**
   * Tokens of the first `length` working messages by the counter
   * (uncalibrated), carried forward over appends; `undefined` after any other
   * change until the next count.
   */
  counted: { readonly tokens: number; readonly length: number } | undefined;
  /** Messages added since the state was last loaded from or saved to the store. */
  unsaved: Message[] = [];
  calibration = 1;
  /** Whether the counter's `load()` has resolved once (then counting is synchronous for good). */
  counterLoaded = false;
  /** The revision last loaded from or saved to the store; `null` before either. */
  storedRevision: number | null = null;

  constructor(resolved: ResolvedMemoryOptions) {
    this.sessionId = resolved.sessionId;
    this.config = resolved.config;
    this.summarizer = resolved.summarizer;
    this.counter = resolved.counter;
    this.clock = resolved.clock;
    this.generateId = resolved.generateId;
    this.timeoutSignal = resolved.timeoutSignal;
    this.store = resolved.store;
    this.onEvent = resolved.onEvent;
    this.planNotebook = resolved.planNotebook;
    this.log = new AppendableState(
      createContextState({ sessionId: resolved.sessionId }),
    );
  }

  /** The committed state, frozen (built once per change). */
  get state(): ContextState {
    return this.log.state;
  }

  /** Replaces the committed state (a no-op for the same state); the count is stale then. */
  commit(state: ContextState): void {
    if (state === this.log.state) return;
    this.log.replace(state);
    this.counted = undefined;
  }
}
