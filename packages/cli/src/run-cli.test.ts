import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

  it('should print the version of the package for --version, -v and version', async () => {
    const { version } = JSON.parse(
      await readFile(
        join(SAMPLE_FILE, '..', '..', 'packages', 'cli', 'package.json'),
        'utf8',
      ),
    ) as { version: string };
    for (const args of [['--version'], ['-v'], ['version']]) {
      const { io, output } = createIo(directory);

      const code = await runCli(args, io);

      expect(code).toBe(0);
      expect(output.stdout).toBe(`${version}\n`);
      expect(output.stderr).toBe('');
    }
  });

  it('should suggest the closest command for a mistyped one', async () => {
    const { io, output } = createIo(directory);

    const code = await runCli(['simulat', SAMPLE_FILE], io);

    expect(code).toBe(2);
    expect(output.stderr).toContain(
      'acm: unknown command "simulat"; did you mean "simulate"?\n',
    );
  });

  it('should suggest the closest option for a mistyped flag', async () => {
    const { io, output } = createIo(directory);

    const code = await runCli(
      ['simulate', SAMPLE_FILE, '--max-tokens', '16000'],
      io,
    );

    expect(code).toBe(2);
    expect(output.stderr).toContain(
      'acm: unknown option --max-tokens; did you mean --max-token?\n',
    );
  });

  it('should name an unknown option without a suggestion when none is close', async () => {
    const { io, output } = createIo(directory);

    const code = await runCli(['report', 'result.json', '--zzz'], io);

    expect(code).toBe(2);
    expect(output.stderr).toContain('acm: unknown option --zzz\n');
  });

  it('should suggest the closest value of a choice option', async () => {
    const { io, output } = createIo(directory);

    const code = await runCli(
      ['simulate', SAMPLE_FILE, '--counter', 'tiktokn'],
      io,
    );

    expect(code).toBe(2);
    expect(output.stderr).toContain(
      'acm: --counter must be one of tiktoken, approximate, received "tiktokn"; did you mean tiktoken?\n',
    );
  });

  it.each([
    [['--max-token', '-1'], '"-1", which is negative'],
    [['--max-token=-1'], '"-1", which is negative'],
    [['--max-token', 'abc'], '"abc", which is not a whole number'],
    [['--max-token', '0'], '"0", which is 0'],
    [['--max-token', '1.5'], '"1.5", which is not a whole number'],
    [
      ['--max-token', '99999999999999999999'],
      '"99999999999999999999", which is too large',
    ],
  ])(
    'should reject %j naming the flag and what it accepts',
    async (flags, received) => {
      const { io, output } = createIo(directory);

      const code = await runCli(['simulate', SAMPLE_FILE, ...flags], io);

      expect(code).toBe(2);
      expect(output.stderr).toContain(
        `acm: --max-token is the context budget in tokens: expected a whole number of 1 or more (e.g. --max-token 16000), received ${received}\n`,
      );
      expect(output.stderr).not.toContain('ambiguous');
    },
  );

  it('should say which option lacks its value', async () => {
    const { io, output } = createIo(directory);

    const code = await runCli(
      ['simulate', SAMPLE_FILE, '--limit', '--max-token', '100'],
      io,
    );

    expect(code).toBe(2);
    expect(output.stderr).toContain('acm: --limit needs a value\n');
  });

  it('should throw a CliError naming the option, caught as exit code 2', async () => {
    const { io, output } = createIo(directory);

    const code = await runCli(['simulate', SAMPLE_FILE, '--limit', '0'], io);

    expect(code).toBe(2);
    expect(output.stderr).toContain(
      'acm: --limit is how many conversations to replay: expected a whole number of 1 or more (e.g. --limit 16000), received "0", which is 0\n',
    );
  });

  it('should accept digits grouped with underscores', async () => {
    const { io, output } = createIo(directory);

    const code = await runCli(
      [
        'simulate',
        SAMPLE_FILE,
        '--max-token',
        '16_000',
        '--limit',
        '1',
        '--counter',
        'approximate',
        '--out',
        'r.json',
        '--html',
        'r.html',
      ],
      io,
    );

    expect(output.stderr).not.toContain('acm:');
    expect(code).toBe(0);
    const result = JSON.parse(
      await readFile(join(directory, 'r.json'), 'utf8'),
    ) as { config: { maxToken: number } };
    expect(result.config.maxToken).toBe(16_000);
  });
});
