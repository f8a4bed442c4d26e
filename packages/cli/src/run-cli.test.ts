import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { SAMPLE_FILE } from './test-fixtures';

function createIo(cwd: string) {
  const output = { stdout: '', stderr: '' };
  return {
    output,
    io: {
      stdout: { write: (text: string) => (output.stdout += text) },
      stderr: { write: (text: string) => (output.stderr += text) },
      env: {},
      cwd,
    },
  };
}

describe('runCli', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'acm-run-cli-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('should report an invalid config file option with core’s message and exit 1', async () => {
    await writeFile(join(directory, 'config.json'), '{"tokenRatio": 3}');
    const { io, output } = createIo(directory);

    const code = await runCli(
      ['simulate', SAMPLE_FILE, '--config', 'config.json'],
      io,
    );

    expect(code).toBe(1);
    expect(output.stderr).toMatch(
      /^acm: invalid config: Invalid config option tokenRatio: /,
    );
  });

  it('should exit 2 when openai-compatible lacks its base URL', async () => {
    const { io, output } = createIo(directory);

    const code = await runCli(
      ['simulate', SAMPLE_FILE, '--summarizer', 'openai-compatible'],
      io,
    );

    expect(code).toBe(2);
    expect(output.stderr).toContain(
      'acm: --summarizer openai-compatible needs --base-url and --model',
    );
  });

  it('should exit 2 for an unknown command', async () => {
    const { io, output } = createIo(directory);

    const code = await runCli(['replay'], io);

    expect(code).toBe(2);
    expect(output.stderr).toContain('acm: unknown command "replay"');
  });
});
