import { describe, expect, it } from 'vitest';
import {
  bashCall,
  bashResult,
  buildLog,
  textMessage,
} from '../../vocabulary/message/__fixtures__/message-builders';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { InvalidConfigError } from '../../vocabulary/error/invalid-config-error';
import { TokenizerError } from '../../vocabulary/error/tokenizer-error';
import { captureError } from '../../testing/capture-error';
import { fixedClock } from '../../testing/fixed-clock';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import type { TokenCounter } from '../../state/token/token-counter';
import type { AutoContextMemoryOptions } from './auto-context-memory-options';
import { createAutoContextMemory } from './create-auto-context-memory';

const base: AutoContextMemoryOptions = {
  sessionId: 'session-a',
  counter: createApproximateTokenCounter(),
  clock: fixedClock(0),
  generateId: sequentialIds('id'),
};

function constructionError(options: unknown): InvalidArgumentError {
  let caught: unknown;
  try {
    createAutoContextMemory(options as AutoContextMemoryOptions);
  } catch (error) {
    caught = error;
  }
  expect(InvalidArgumentError.isInstance(caught)).toBe(true);
  return caught as InvalidArgumentError;
}

describe('validateInjectedDependencies (through the memory constructor)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'a summarizer that is no function',
      { summarizer: { text: 'x' } },
      'summarizer',
    ],
    [
      'a counter without countMessages',
      { counter: { name: 'x', countText: () => 1, countMessage: () => 1 } },
      'counter.countMessages',
    ],
    ['a counter that is a function', { counter: () => 1 }, 'counter'],
    ['a clock without now', { clock: { time: () => 0 } }, 'clock.now'],
    ['a clock that is a number', { clock: 0 }, 'clock'],
    ['ids that are a string', { generateId: 'id' }, 'generateId'],
    [
      'a store without save',
      { store: { load: () => undefined, delete: () => true, list: () => [] } },
      'store.save',
    ],
    ['a store that is null', { store: null }, 'store'],
    ['an onEvent that is an object', { onEvent: {} }, 'onEvent'],
    [
      'a plan notebook without getCurrentPlan',
      { planNotebook: {} },
      'planNotebook.getCurrentPlan',
    ],
    [
      'a timeoutSignal that is a number',
      { timeoutSignal: 1000 },
      'timeoutSignal',
    ],
  ])(
    'should reject %s with an InvalidArgumentError naming it',
    (_label, override, parameter) => {
      const error = constructionError({ ...base, ...override });

      expect(error.parameter).toBe(parameter);
      expect(error.message).toMatch(
        `Invalid argument for parameter ${parameter}: expected`,
      );
    },
  );

  it.each([null, 42, 'options'])(
    'should reject options %j with a typed error',
    (options) => {
      expect(constructionError(options).parameter).toBe('options');
    },
  );

  it('should name the option in an invalid config', () => {
    let caught: unknown;
    try {
      createAutoContextMemory({ ...base, config: { tokenRatio: 3 } });
    } catch (error) {
      caught = error;
    }
    expect(InvalidConfigError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toBe(
      'Invalid config option tokenRatio: must be a number in (0, 1], received 3',
    );
  });

  it.each<[string, (counter: TokenCounter) => TokenCounter]>([
    [
      'throws',
      (counter) => ({
        ...counter,
        countMessages: () => {
          throw new Error('wasm not loaded');
        },
      }),
    ],
    [
      'returns NaN',
      (counter) => ({ ...counter, countMessages: () => Number.NaN }),
    ],
    [
      'returns a string',
      (counter) => ({
        ...counter,
        countMessages: () => '12' as unknown as number,
      }),
    ],
    [
      'returns a negative count',
      (counter) => ({ ...counter, countMessages: () => -1 }),
    ],
  ])(
    'should turn a counter that %s into a TokenizerError and keep the state',
    async (_label, broken) => {
      const approximate = createApproximateTokenCounter();
      const memory = createAutoContextMemory({
        ...base,
        counter: broken({
          name: 'broken',
          countText: (text) => approximate.countText(text),
          countMessage: (message) => approximate.countMessage(message),
          countMessages: (messages) => approximate.countMessages(messages),
        }),
      });
      await memory.addMessages([
        textMessage('u1', 'user', 'Build.'),
        bashCall('a1', 'c1', 'make'),
        bashResult('t1', 'c1', buildLog('make', 4000)),
      ]);
      const before = memory.getState();

      const error = await captureError(() => memory.compressIfNeeded());

      expect(TokenizerError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'TOKENIZER_FAILURE',
        counterName: 'broken',
      });
      expect(memory.getState()).toBe(before);
    },
  );

  it('should reject ids that are not non-empty strings when the memory makes one', async () => {
    const memory = createAutoContextMemory({
      ...base,
      generateId: (() => 42) as unknown as () => string,
      config: {
        maxToken: 2000,
        tokenRatio: 0.3,
        targetRatio: 0.1,
        minCompressionTokenThreshold: 0,
      },
    });
    await memory.addMessages([
      textMessage('u1', 'user', 'Build.'),
      bashCall('a1', 'c1', 'make'),
      bashResult('t1', 'c1', buildLog('make', 20000)),
      textMessage('f1', 'assistant', 'Built.'),
      textMessage('u2', 'user', 'Again.'),
    ]);
    const before = memory.getState();

    const error = await captureError(() => memory.compressIfNeeded());

    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).parameter).toBe('generateId');
    expect(memory.getState()).toBe(before);
  });
});
