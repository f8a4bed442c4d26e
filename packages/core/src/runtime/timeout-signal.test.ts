import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { releaseTimeoutSignal } from '../engine/loop/release-timeout-signal';
import { timeoutSignal } from './timeout-signal';

const child = fileURLToPath(
  new URL('./__fixtures__/hung-summarizer-child.ts', import.meta.url),
);

/** Runs the child script with tsx; a kill after 30 s would mean the process hung. */
function runChild(mode: 'hang' | 'quick') {
  return spawnSync(process.execPath, ['--import', 'tsx', child, mode], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('timeoutSignal', () => {
  it('should abort with a TimeoutError after the given time', async () => {
    const signal = timeoutSignal(10);
    await new Promise((resolve) => setTimeout(resolve, 40));

    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('should never abort once released', async () => {
    const signal = timeoutSignal(10);
    releaseTimeoutSignal(signal);
    releaseTimeoutSignal(signal);
    await new Promise((resolve) => setTimeout(resolve, 40));

    expect(signal.aborted).toBe(false);
  });

  it('should ignore signals it did not make', () => {
    const controller = new AbortController();
    releaseTimeoutSignal(controller.signal);
    releaseTimeoutSignal(undefined);

    expect(controller.signal.aborted).toBe(false);
  });

  it('should record a timeout instead of letting Node exit when the summarizer waits on nothing', () => {
    const result = runChild('hang');

    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(
      JSON.stringify({ applied: false, reasons: ['timeout'] }),
    );
  });

  it('should not keep the process alive after the pass (a 60 s timeout is cleared)', () => {
    const result = runChild('quick');

    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(
      JSON.stringify({ applied: true, reasons: [] }),
    );
  });
});
