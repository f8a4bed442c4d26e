import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './create-concurrency-limit';

/** A task that stays pending until `finish()`; records when it starts. */
function deferredTask(log: string[], name: string) {
  let finish!: (value: string) => void;
  const promise = new Promise<string>((resolve) => (finish = resolve));
  return {
    run: () => {
      log.push(`start ${name}`);
      return promise;
    },
    finish: () => finish(name),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyLimit', () => {
  it('should run at most `limit` tasks at once, the others in call order as slots free', async () => {
    const log: string[] = [];
    const limit = createConcurrencyLimit(2);
    const tasks = ['a', 'b', 'c', 'd'].map((name) => deferredTask(log, name));
    const results = tasks.map((task) => limit(task.run));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    tasks[1]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    tasks[0]!.finish();
    tasks[2]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    tasks[3]!.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('should free the slot of a task that rejects', async () => {
    const limit = createConcurrencyLimit(1);
    const failing = limit(() => Promise.reject(new Error('boom')));
    const next = limit(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });

  it('should not start a waiting task whose signal aborted, and pass its slot on', async () => {
    const log: string[] = [];
    const limit = createConcurrencyLimit(1);
    const first = deferredTask(log, 'first');
    const controller = new AbortController();
    const running = limit(first.run);
    const aborted = limit(() => {
      log.push('start aborted');
      return Promise.resolve('never');
    }, controller.signal);
    const last = limit(() => {
      log.push('start last');
      return Promise.resolve('last');
    });
    controller.abort(new Error('gave up'));
    first.finish();
    await expect(aborted).rejects.toThrow('gave up');
    await expect(Promise.all([running, last])).resolves.toEqual([
      'first',
      'last',
    ]);
    expect(log).toEqual(['start first', 'start last']);
  });

  it('should give back the slot of a running task whose signal aborts, so a task that never settles cannot starve the next', async () => {
    const log: string[] = [];
    const limit = createConcurrencyLimit(1);
    const controller = new AbortController();
    // Never settles and ignores its signal, like a hung summarizer.
    const hung = limit(() => {
      log.push('start hung');
      return new Promise<string>(() => {});
    }, controller.signal);
    const next = limit(() => {
      log.push('start next');
      return Promise.resolve('next');
    });
    await settle();
    expect(log).toEqual(['start hung']);
    controller.abort(new Error('timed out'));
    await expect(hung).rejects.toThrow('timed out');
    await expect(next).resolves.toBe('next');
    expect(log).toEqual(['start hung', 'start next']);
  });

  it('should free the slot once when an abandoned task settles later', async () => {
    const log: string[] = [];
    const limit = createConcurrencyLimit(1);
    const controller = new AbortController();
    const late = deferredTask(log, 'late');
    const abandoned = limit(late.run, controller.signal);
    await settle();
    controller.abort(new Error('timed out'));
    await expect(abandoned).rejects.toThrow('timed out');
    const second = deferredTask(log, 'second');
    const running = limit(second.run);
    const third = limit(() => {
      log.push('start third');
      return Promise.resolve('third');
    });
    await settle();
    // The abandoned task settling must not hand out the slot `second` holds.
    late.finish();
    await settle();
    expect(log).toEqual(['start late', 'start second']);
    second.finish();
    await expect(Promise.all([running, third])).resolves.toEqual([
      'second',
      'third',
    ]);
    expect(log).toEqual(['start late', 'start second', 'start third']);
  });

  it('should let nested tasks through when the outer one holds no slot while it waits', async () => {
    const limit = createConcurrencyLimit(1);
    // A merge waits for its groups outside the gate, then takes a slot itself.
    const groups = await Promise.all(
      [1, 2, 3].map((n) => limit(() => Promise.resolve(n))),
    );
    const merged = await limit(() =>
      Promise.resolve(groups.reduce((a, b) => a + b)),
    );
    expect(merged).toBe(6);
  });
});
