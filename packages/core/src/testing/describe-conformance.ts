import { afterEach, beforeEach, describe } from 'vitest';
import type { MaybePromise } from '../memory/store/session-store';

/** What a conformance suite's cases test: made fresh before each test by the suite. */
export interface ConformanceSubject<TSubject> {
  /** The subject of the running test. */
  readonly current: () => TSubject;
  /** Puts `next` in its place for the rest of the test (a reopen); `cleanup` then gets `next`. */
  readonly replace: (next: TSubject) => void;
}

/**
 * A `describe` block for a conformance suite: before each test `create` makes
 * a fresh subject, after it `cleanup` releases it, and `cases` registers the
 * tests, which reach the subject through {@link ConformanceSubject}.
 */
export function describeConformance<TSubject>(
  title: string,
  {
    create,
    cleanup,
  }: {
    readonly create: () => MaybePromise<TSubject>;
    readonly cleanup?: ((subject: TSubject) => MaybePromise<void>) | undefined;
  },
  cases: (subject: ConformanceSubject<TSubject>) => void,
): void {
  describe(title, () => {
    let subject: TSubject;

    beforeEach(async () => {
      subject = await create();
    });

    afterEach(async () => {
      await cleanup?.(subject);
    });

    cases({
      current: () => subject,
      replace: (next) => {
        subject = next;
      },
    });
  });
}
