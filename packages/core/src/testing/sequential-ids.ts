import type { IdGenerator } from '../vocabulary/clock/clock';

/**
 * A deterministic {@link IdGenerator} for tests (like the AI SDK's `mockId`):
 * returns `${prefix}-0`, `${prefix}-1`, … Each call of `sequentialIds` starts its
 * own sequence at 0.
 *
 * @param prefix text before the counter. @default 'id'
 */
export function sequentialIds(prefix = 'id'): IdGenerator {
  let next = 0;
  return () => `${prefix}-${next++}`;
}
