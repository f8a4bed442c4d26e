import { execFileSync } from 'node:child_process';
import { benchDirectory } from './paths';

/**
 * Runs `script` (the source of an ES module) in a fresh Node process started
 * from the bench folder, and parses the JSON it prints. `sources`: @acm/core
 * from its TypeScript sources, through tsx; `exposeGc`: the script may call
 * `globalThis.gc()`.
 */
export function runFreshProcess<TResult>(
  script: string,
  {
    exposeGc,
    sources,
  }: { readonly exposeGc: boolean; readonly sources: boolean },
): TResult {
  const output = execFileSync(
    process.execPath,
    [
      ...(exposeGc ? ['--expose-gc'] : []),
      ...(sources ? ['--conditions=@acm/source', '--import', 'tsx'] : []),
      '--input-type=module',
      '-e',
      script,
    ],
    { cwd: benchDirectory, encoding: 'utf8' },
  );
  return JSON.parse(output) as TResult;
}
