#!/usr/bin/env node
// Runs every example under examples/ (each folder whose package.json has a `start` script) the way a
// reader of a fresh clone would: its own `start` command, from its folder, on the TypeScript sources
// (no build), offline (scripts/offline-guard.mjs refuses any non-loopback connection, API keys are
// removed from the environment), with a timeout. New examples are picked up without editing this file.
//
//   node scripts/run-examples.mjs [name ...]   run all, or only the named folders
//
// Exits 1 when an example exits non-zero, times out or reaches for the network.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const timeoutMs = Number(process.env.ACM_EXAMPLE_TIMEOUT_MS ?? 120_000);
const only = process.argv.slice(2);
const guard = pathToFileURL(join(root, 'scripts', 'offline-guard.mjs')).href;

const examples = readdirSync(join(root, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => only.length === 0 || only.includes(name))
  .sort()
  .flatMap((name) => {
    const manifestPath = join(root, 'examples', name, 'package.json');
    if (!existsSync(manifestPath)) return [];
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const start = manifest.scripts?.start;
    return typeof start === 'string' ? [{ name, start }] : [];
  });

const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/(_API_KEY|_TOKEN|_SECRET)$/.test(key),
  ),
);
env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import=${guard}`.trim();
env.NO_COLOR = '1';

function run({ name, start }) {
  const directory = join(root, 'examples', name);
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(start, {
      cwd: directory,
      shell: true,
      detached: true,
      env: {
        ...env,
        PATH: [
          join(directory, 'node_modules', '.bin'),
          join(root, 'node_modules', '.bin'),
          env.PATH ?? '',
        ].join(delimiter),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({
        name,
        ok: code === 0 && !timedOut,
        why: timedOut ? `timed out after ${timeoutMs} ms` : `exit code ${code}`,
        seconds: ((Date.now() - started) / 1000).toFixed(1),
        output,
      });
    });
  });
}

if (examples.length === 0) {
  console.log('run-examples: no example with a start script found');
  process.exit(1);
}
let failed = 0;
for (const example of examples) {
  const outcome = await run(example);
  if (outcome.ok) {
    console.log(`✓ examples/${outcome.name} (${outcome.seconds} s)`);
  } else {
    failed++;
    console.log(
      `✗ examples/${outcome.name}: ${outcome.why} (${outcome.seconds} s)\n${outcome.output.trimEnd().split('\n').slice(-30).join('\n')}`,
    );
  }
}
console.log(
  `${examples.length - failed} of ${examples.length} examples ran offline`,
);
process.exit(failed === 0 ? 0 : 1);
