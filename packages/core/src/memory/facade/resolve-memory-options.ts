import type { Clock, IdGenerator } from '../../vocabulary/clock/clock';
import type { AutoContextConfig } from '../../vocabulary/config/config';
import { resolveConfig } from '../../vocabulary/config/resolve-config';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { CompressionListenerEvent } from '../../engine/loop/compression-listener-event';
import { createTiktokenTokenCounter } from '../../runtime/create-tiktoken-token-counter';
import { randomId } from '../../runtime/random-id';
import { systemClock } from '../../runtime/system-clock';
import { timeoutSignal as defaultTimeoutSignal } from '../../runtime/timeout-signal';
import { getSessionTag } from '../../state/offload/session-tag';
import type { TokenCounter } from '../../state/token/token-counter';
import { createExtractiveSummarizer } from '../../summary/summarizer/create-extractive-summarizer';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import { assertValidSessionId } from '../store/assert-valid-session-id';
import type { SessionStore } from '../store/session-store';
import type { AutoContextMemoryOptions } from './auto-context-memory-options';
import { createIdNeutralTokenCounter } from './create-id-neutral-token-counter';
import { createScopedIdGenerator } from './create-scoped-id-generator';
import type { PlanProvider } from './plan-provider';
import { validateInjectedDependencies } from './validate-injected-dependencies';

/** The options of a memory, checked, defaulted and wrapped. */
export interface ResolvedMemoryOptions {
  readonly sessionId: string;
  readonly config: AutoContextConfig;
  readonly summarizer: Summarizer;
  /** The checked counter, counting ids as a fixed width. */
  readonly counter: TokenCounter;
  /** The checked clock. */
  readonly clock: Clock;
  /** The checked generator, scoped to the session (`${sessionTag}_${id}`). */
  readonly generateId: IdGenerator;
  readonly timeoutSignal: (ms: number) => AbortSignal;
  readonly store: SessionStore | undefined;
  readonly onEvent: ((event: CompressionListenerEvent) => void) | undefined;
  readonly planNotebook: PlanProvider | undefined;
}

/**
 * Checks and defaults the options of a memory once, at construction: the
 * session id, the injected objects (`validateInjectedDependencies`), then the
 * config (`resolveConfig`). The counter, clock and id generator come back
 * wrapped, so that a wrong answer fails with a typed error, never a
 * `TypeError` later.
 * @throws InvalidArgumentError for options that are not an object, an invalid
 * `sessionId` or an injected object of the wrong shape; InvalidConfigError
 * for an invalid `config`.
 */
export function resolveMemoryOptions(
  options: AutoContextMemoryOptions,
): ResolvedMemoryOptions {
  if (options === null || typeof options !== 'object') {
    throw new InvalidArgumentError({
      parameter: 'options',
      value: options,
      message: 'expected an options object',
    });
  }
  const {
    sessionId = randomId(),
    config = {},
    summarizer = createExtractiveSummarizer(),
    counter = createTiktokenTokenCounter(),
    clock = systemClock,
    generateId = randomId,
    timeoutSignal = defaultTimeoutSignal,
    store,
    onEvent,
    planNotebook,
  } = options;
  assertValidSessionId(sessionId);
  const guarded = validateInjectedDependencies({
    summarizer,
    counter,
    clock,
    generateId,
    timeoutSignal,
    store,
    onEvent,
    planNotebook,
  });
  return {
    sessionId,
    config: resolveConfig(config),
    summarizer,
    // Ids count as a fixed width, so decisions do not depend on them (#11 item 7).
    counter: createIdNeutralTokenCounter({
      counter: guarded.counter,
      sessionTag: getSessionTag(sessionId),
    }),
    clock: guarded.clock,
    generateId: createScopedIdGenerator({
      sessionId,
      generateId: guarded.generateId,
    }),
    timeoutSignal,
    store,
    onEvent,
    planNotebook,
  };
}
