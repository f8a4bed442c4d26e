import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** Runs a script in a Node process where `langchain` cannot be resolved; returns its output. */
function runWithoutLangchain(format: 'esm' | 'cjs', script: string): string {
  const loader =
    format === 'esm'
      ? ['--import', 'tsx', '--import', fixture('block-langchain.mjs')]
      : ['--require', 'tsx/cjs', '--require', fixture('block-langchain.cjs')];
  return execFileSync(
    process.execPath,
    ['--conditions=@acm/source', ...loader, '-e', script],
    { cwd: packageDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
}

const esmProbe = (specifier: string) =>
  `import(${JSON.stringify(specifier)}).then((m) => console.log(typeof m.AutoContextChainMemory, typeof m.autoContextMiddleware), (e) => console.log('failed', e.code))`;
const cjsProbe = (specifier: string) =>
  `try { const m = require(${JSON.stringify(specifier)}); console.log(typeof m.AutoContextChainMemory, typeof m.autoContextMiddleware); } catch (e) { console.log('failed', e.code); }`;

describe('@acm/langchain without langchain installed', () => {
  it('should import the root entry (ESM and CJS) and fail only for the middleware entry', () => {
    expect([
      runWithoutLangchain('esm', esmProbe('@acm/langchain')),
      runWithoutLangchain('cjs', cjsProbe('@acm/langchain')),
      runWithoutLangchain('esm', esmProbe('@acm/langchain/middleware')),
      runWithoutLangchain('cjs', cjsProbe('@acm/langchain/middleware')),
    ]).toEqual([
      'function undefined',
      'function undefined',
      'failed ERR_MODULE_NOT_FOUND',
      'failed MODULE_NOT_FOUND',
    ]);
  }, 60_000);
});
