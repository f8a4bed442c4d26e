import type { Clock, IdGenerator } from '../../vocabulary/clock/clock';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { TokenizerError } from '../../vocabulary/error/tokenizer-error';
import type { Message } from '../../vocabulary/message/message';
import type { TokenCounter } from '../../state/token/token-counter';
import { describeValue } from '../../vocabulary/util/describe-value';
import type { DescribeValueOptions } from '../../vocabulary/util/describe-value';

/** How a dependency error names what it found: strings cut at 40 characters without `…`, other values after `a`. */
const DEPENDENCY_WORDING: DescribeValueOptions = {
  ellipsis: false,
  other: 'a-type',
};

/** The injected objects of `AutoContextMemoryOptions`, as given. */
export interface InjectedDependencies {
  readonly summarizer: unknown;
  readonly counter: unknown;
  readonly clock: unknown;
  readonly generateId: unknown;
  readonly timeoutSignal: unknown;
  readonly store: unknown;
  readonly onEvent: unknown;
  readonly planNotebook: unknown;
}

/**
 * Checks the objects injected into a memory at construction, so that a wrong
 * one fails at once with an `InvalidArgumentError` naming the option instead
 * of a `TypeError` later, and wraps the ones whose answers must be checked at
 * every call: the counter (a throw or a count that is not a finite number
 * ≥ 0 becomes a `TokenizerError`), the clock (a time that is not a finite
 * number) and the id generator (an id that is not a non-empty string) throw
 * an `InvalidArgumentError`. Pure: it only checks and wraps.
 *
 * @throws InvalidArgumentError for the first option of the wrong shape.
 */
export function validateInjectedDependencies(
  dependencies: InjectedDependencies,
): { counter: TokenCounter; clock: Clock; generateId: IdGenerator } {
  const {
    summarizer,
    counter,
    clock,
    generateId,
    timeoutSignal,
    store,
    onEvent,
    planNotebook,
  } = dependencies;
  requireFunction(
    'summarizer',
    summarizer,
    'a function (request) => Promise<{ text }>',
  );
  requireMethods('counter', counter, [
    'countText',
    'countMessage',
    'countMessages',
  ]);
  requireMethods('clock', clock, ['now']);
  requireFunction('generateId', generateId, 'a function () => string');
  requireFunction(
    'timeoutSignal',
    timeoutSignal,
    'a function (ms) => AbortSignal',
  );
  if (store !== undefined) {
    requireMethods('store', store, ['load', 'save', 'delete', 'list']);
  }
  if (onEvent !== undefined) {
    requireFunction('onEvent', onEvent, 'a function (event) => void');
  }
  if (planNotebook !== undefined) {
    requireMethods('planNotebook', planNotebook, ['getCurrentPlan']);
  }
  return {
    counter: guardCounter(counter as TokenCounter),
    clock: guardClock(clock as Clock),
    generateId: guardIdGenerator(generateId as IdGenerator),
  };
}

function requireFunction(
  parameter: string,
  value: unknown,
  expected: string,
): void {
  if (typeof value === 'function') return;
  throw new InvalidArgumentError({
    parameter,
    value,
    message: `expected ${expected}, found ${describeValue(value, DEPENDENCY_WORDING)}`,
  });
}

function requireMethods(
  parameter: string,
  value: unknown,
  methods: readonly string[],
): void {
  if (value === null || typeof value !== 'object') {
    throw new InvalidArgumentError({
      parameter,
      value,
      message: `expected an object with ${methods.join(', ')}, found ${describeValue(value, DEPENDENCY_WORDING)}`,
    });
  }
  for (const method of methods) {
    const member = (value as Record<string, unknown>)[method];
    if (typeof member !== 'function') {
      throw new InvalidArgumentError({
        parameter: `${parameter}.${method}`,
        value: member,
        message: `expected a function, found ${describeValue(member, DEPENDENCY_WORDING)}`,
      });
    }
  }
}

function guardCounter(counter: TokenCounter): TokenCounter {
  const counterName =
    typeof counter.name === 'string' ? counter.name : undefined;
  const checked = (method: string, count: () => unknown): number => {
    let value: unknown;
    try {
      value = count();
    } catch (error) {
      if (TokenizerError.isInstance(error)) throw error;
      throw new TokenizerError({
        reason: 'counter-failed',
        ...(counterName === undefined ? {} : { counterName }),
        message: `The token counter${counterName === undefined ? '' : ` ${counterName}`} threw in ${method}: ${error instanceof Error ? error.message : describeValue(error, DEPENDENCY_WORDING)}`,
        cause: error,
      });
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new TokenizerError({
        reason: 'counter-failed',
        ...(counterName === undefined ? {} : { counterName }),
        message: `The token counter${counterName === undefined ? '' : ` ${counterName}`} returned ${describeValue(value, DEPENDENCY_WORDING)} from ${method}; expected a finite number ≥ 0`,
      });
    }
    return value;
  };
  return {
    get name() {
      return counter.name;
    },
    countText: (text: string) =>
      checked('countText', () => counter.countText(text)),
    countMessage: (message: Message) =>
      checked('countMessage', () => counter.countMessage(message)),
    countMessages: (messages: readonly Message[]) =>
      checked('countMessages', () => counter.countMessages(messages)),
    ...(typeof counter.load === 'function'
      ? { load: () => (counter.load as () => Promise<void>).call(counter) }
      : {}),
  };
}

function guardClock(clock: Clock): Clock {
  return {
    now: () => {
      const time: unknown = clock.now();
      if (typeof time !== 'number' || !Number.isFinite(time)) {
        throw new InvalidArgumentError({
          parameter: 'clock',
          value: time,
          message: `clock.now() returned ${describeValue(time, DEPENDENCY_WORDING)}; expected a finite number of milliseconds`,
        });
      }
      return time;
    },
  };
}

function guardIdGenerator(generateId: IdGenerator): IdGenerator {
  return () => {
    const id: unknown = generateId();
    if (typeof id !== 'string' || id === '') {
      throw new InvalidArgumentError({
        parameter: 'generateId',
        value: id,
        message: `generateId() returned ${describeValue(id, DEPENDENCY_WORDING)}; expected a non-empty string`,
      });
    }
    return id;
  };
}
