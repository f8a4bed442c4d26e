import { describe, expect, it } from 'vitest';
import { runExample } from './run-example';

describe('runExample', () => {
  it('should find session 1’s facts for the returning customer in session 2, and none for another customer', async () => {
    const report = await runExample();

    expect(report.sessionOneCalls).toBe(14);
    expect(report.injectedBlock).toMatch(/^<long_term_memory>\n- /);
    expect(report.injectedBlock).toContain(
      'has been changed to flight HAT052, departing at 03:00 EST on May 21, 2024',
    );
    expect(report.toolAnswer).toContain('"reservation_id": "XEWRD9"');
    // The memory tools' own calls and results are never recorded again.
    expect(report.toolAnswer).not.toContain('retrieve_from_memory');
    expect(report.answer).toBe(
      'Welcome back, James! Your Atlanta to Las Vegas segment is on flight HAT052, in reservation XEWRD9.',
    );
    expect(report.otherCustomerBlock).toBe('');
  });
});
