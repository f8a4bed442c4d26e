import type { Clock } from '../vocabulary/clock/clock';

/** The real clock. Wraps the global rather than keeping a reference, so fake timers still apply. */
export const systemClock: Clock = { now: () => Date.now() };
