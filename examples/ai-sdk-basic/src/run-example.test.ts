import { describe, expect, it } from 'vitest';
import { runExample } from './run-example';

describe('runExample', () => {
  it('should answer after compressing the conversation and reloading an offloaded message', async () => {
    const report = await runExample();

    expect(report.answer).toBe('The failing test is fixed.');
    expect(report.promptMessages).toHaveLength(3);
    expect(report.summaryCalls).toBeGreaterThan(0);
    expect(report.compressionEvents).toBeGreaterThan(0);
    expect(report.reloadedCharacters).toBeGreaterThan(1000);
  });
});
