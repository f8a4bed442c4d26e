import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulationResult } from './simulation-result';
import { SAMPLE_FILE } from './test-fixtures';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(packageDir, '..', '..', 'node_modules', '.bin', 'tsx');

function runBin(
  args: readonly string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      ['--conditions=@acm/source', join(packageDir, 'src', 'bin.ts'), ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        resolve({
          code: error === null ? 0 : Number(error.code),
          stdout,
          stderr,
        });
      },
    );
  });
}

describe('acm (bin)', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'acm-cli-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('should simulate the sample, print the tables and write the JSON and HTML', async () => {
    const { code, stdout, stderr } = await runBin(
      [
        'simulate',
        SAMPLE_FILE,
        '--max-token',
        '16000',
        '--limit',
        '2',
        '--counter',
        'approximate',
        '--out',
        'out/result.json',
        '--html',
        'out/report.html',
      ],
      directory,
    );

    expect(stderr).toBe(
      'replaying 1/2: swe/django__django-11119\nreplaying 2/2: swe/pytest-dev__pytest-7521\n',
    );
    expect(code).toBe(0);
    expect(stdout).toContain('swe/django__django-11119 (64 messages)');
    expect(stdout).toContain('All 2 conversations (budget 16,000 tokens');
    expect(stdout).toContain('reload exactness');
    const result = JSON.parse(
      await readFile(join(directory, 'out', 'result.json'), 'utf8'),
    ) as SimulationResult;
    expect(result.aggregate.conversations).toBe(2);
    expect(result.input).toBe('sample.jsonl');
    const html = await readFile(join(directory, 'out', 'report.html'), 'utf8');
    expect(html).toContain('<script type="application/json" id="acm-result">');
  });

  it('should re-render the report from a result file', async () => {
    const simulated = await runBin(
      ['simulate', SAMPLE_FILE, '--limit', '1', '--counter', 'approximate'],
      directory,
    );
    expect(simulated.code).toBe(0);

    const { code, stdout } = await runBin(
      ['report', 'acm-result.json', '--html', 'again.html'],
      directory,
    );

    expect(code).toBe(0);
    expect(stdout).toBe(`Wrote ${join(directory, 'again.html')}\n`);
    expect(existsSync(join(directory, 'again.html'))).toBe(true);
  });

  it('should exit with 2 and the usage for an unknown flag', async () => {
    const { code, stdout, stderr } = await runBin(
      ['simulate', SAMPLE_FILE, '--bogus'],
      directory,
    );

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('acm: unknown option --bogus\n');
    expect(stderr).toContain('Usage:\n  acm simulate');
  });

  it('should print the version and take a negative number as a value, not an option', async () => {
    const manifest = JSON.parse(
      await readFile(join(packageDir, 'package.json'), 'utf8'),
    ) as { version: string };
    const version = await runBin(['--version'], directory);
    expect(version).toEqual({
      code: 0,
      stdout: `${manifest.version}\n`,
      stderr: '',
    });

    const { code, stderr } = await runBin(
      ['simulate', SAMPLE_FILE, '--max-token', '-1'],
      directory,
    );
    expect(code).toBe(2);
    expect(stderr).toContain('received "-1", which is negative\n');
    expect(stderr).not.toContain('ambiguous');
  });

  it('should exit with 2 for a bad flag value and 1 for a missing file', async () => {
    const { code, stderr } = await runBin(
      ['simulate', SAMPLE_FILE, '--mode', 'auto', '--max-token', '0'],
      directory,
    );
    expect(code).toBe(2);
    expect(stderr).toContain(
      'acm: --max-token is the context budget in tokens: expected a whole number of 1 or more (e.g. --max-token 16000), received "0", which is 0\n',
    );

    const missing = await runBin(['simulate', 'missing.jsonl'], directory);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `acm: Cannot read ${join(directory, 'missing.jsonl')}: no such file.\n`,
    );
  });
});
