import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Runs the snippet of docs/guides/telemetry.md as it is written there.
const guide = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'docs',
  'guides',
  'telemetry.md',
);
const snippetFile = join(
  import.meta.dirname,
  'telemetry-guide.snippet.generated.ts',
);

function extractSnippet(): string {
  const text = readFileSync(guide, 'utf8');
  const marker = text.indexOf('<!-- snippet: telemetry-guide -->');
  const start = text.indexOf('```ts\n', marker) + '```ts\n'.length;
  return text.slice(start, text.indexOf('```\n', start));
}

describe('docs/guides/telemetry.md', () => {
  afterAll(() => {
    rmSync(snippetFile, { force: true });
  });

  it('should run the snippet and print one span per applied compaction', async () => {
    writeFileSync(snippetFile, extractSnippet());
    const lines: string[] = [];
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((...values: unknown[]) => {
        lines.push(values.map((value) => String(value)).join(' '));
      });
    try {
      await import(/* @vite-ignore */ snippetFile);
    } finally {
      log.mockRestore();
    }
    // One line per span; the figures themselves depend on the strategies of
    // the day (create-open-telemetry-listener.test.ts checks them exactly).
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      const match =
        /^acm\.compaction [a-zA-Z,]+ (\d+) → (\d+) tokens (\d+) offloads$/.exec(
          line,
        );
      expect(match).not.toBeNull();
      expect(Number(match![2])).toBeLessThan(Number(match![1]));
      expect(Number(match![3])).toBeGreaterThan(0);
    }
  });
});
