import { execFileSync } from 'node:child_process';
import { benchDirectory } from './paths';

/** `branch@commit` of the checkout the bench runs in (a result's default label), or `unknown` outside git. */
export function describeCheckout(): string {
  try {
    const run = (args: string[]) =>
      execFileSync('git', args, {
        cwd: benchDirectory,
        encoding: 'utf8',
      }).trim();
    return `${run(['rev-parse', '--abbrev-ref', 'HEAD'])}@${run(['rev-parse', '--short', 'HEAD'])}`;
  } catch {
    return 'unknown';
  }
}
