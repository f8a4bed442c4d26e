import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = fileURLToPath(
  new URL(
    '../../runtime/__fixtures__/hung-summarizer-fallback-child.ts',
    import.meta.url,
  ),
);

describe('runSummaryTasks', () => {
  it('should time out a summarizer that never settles and run the extractive fallback in its slots instead of letting Node exit', () => {
    // A kill after 30 s would mean the process hung; exit code 13 means the
    // fallback waited on slots nobody would release.
    const result = spawnSync(process.execPath, ['--import', 'tsx', child], {
      encoding: 'utf8',
      timeout: 30_000,
    });

    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toEqual({
      applied: true,
      reasons: ['timeout', 'timeout'],
      compressed: 2,
      hungRequests: 2,
    });
  });
});
