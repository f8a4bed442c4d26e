import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './create-serial-queue';

describe('createSerialQueue', () => {
  it('should run a synchronous task at once when nothing is pending', async () => {
    const enqueue = createSerialQueue();
    const log: string[] = [];

    const done = enqueue(() => log.push('ran'));

    expect(log).toEqual(['ran']);
    expect(await done).toBe(1);
  });

  it('should start each task after the earlier ones settled, in call order', async () => {
    const enqueue = createSerialQueue();
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });

    const slow = enqueue(async () => {
      log.push('slow start');
      await gate;
      log.push('slow end');
    });
    const failing = enqueue(() => {
      log.push('failing');
      throw new Error('boom');
    });
    const last = enqueue(() => log.push('last'));
    expect(log).toEqual(['slow start']);
    release();

    await slow;
    await expect(failing).rejects.toThrow('boom');
    await last;
    expect(log).toEqual(['slow start', 'slow end', 'failing', 'last']);
  });

  it('should reject, not throw, when a synchronous task throws', async () => {
    const enqueue = createSerialQueue();

    const failed = enqueue(() => {
      throw new Error('boom');
    });

    await expect(failed).rejects.toThrow('boom');
    expect(await enqueue(() => 'next')).toBe('next');
  });
});
