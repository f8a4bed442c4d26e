import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** File names of the shared datasets, by dataset. */
export const SHARED_DATA_FILES = {
  swe: 'swe-agent-trajectories.jsonl.gz',
  tau: 'tau-bench-airline.jsonl.gz',
} as const;

/** A dataset of `shared/data`. */
export type SharedDataset = keyof typeof SHARED_DATA_FILES;

export interface FindSharedDataDirOptions {
  /**
   * Another path to walk up from (a file or a folder), tried after `cwd`,
   * e.g. `import.meta.dirname` of the calling test.
   */
  readonly from?: string;
  /**
   * Folder to walk up from first.
   * @default process.cwd()
   */
  readonly cwd?: string;
  /**
   * Environment read for `ACM_SHARED_DATA`, which wins over the walk when set.
   * @default process.env
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Finds the folder holding the shared conversation datasets.
 *
 * `ACM_SHARED_DATA` wins when set (it must name an existing folder). Otherwise
 * it walks up from `cwd`, then from `from`, and returns the first
 * `<ancestor>/shared/data` or `<ancestor>/../shared/data` that holds at least
 * one dataset file (the repository is cloned with `shared/` beside it).
 *
 * @throws {Error} naming every path it tried when there is no such folder.
 */
export function findSharedDataDir({
  from,
  cwd = process.cwd(),
  env = process.env,
}: FindSharedDataDirOptions = {}): string {
  const fromEnv = env.ACM_SHARED_DATA;
  if (fromEnv !== undefined && fromEnv !== '') {
    const directory = resolve(fromEnv);
    if (isDirectory(directory)) return directory;
    throw new Error(
      `Shared data not found: ACM_SHARED_DATA is set to ${fromEnv}, which is not a folder (resolved to ${directory}).`,
    );
  }

  const tried: string[] = [];
  const starts = [cwd, ...(from === undefined ? [] : [startFolder(from)])];
  for (const start of starts) {
    let directory = resolve(start);
    for (;;) {
      for (const candidate of [
        join(directory, 'shared', 'data'),
        join(directory, '..', 'shared', 'data'),
      ]) {
        if (tried.includes(candidate)) continue;
        tried.push(candidate);
        if (hasDataset(candidate)) return candidate;
      }
      const parent = dirname(directory);
      if (parent === directory) break;
      directory = parent;
    }
  }
  throw new Error(
    `Shared data not found: no shared/data folder with ${Object.values(SHARED_DATA_FILES).join(' or ')}. ` +
      `Set ACM_SHARED_DATA to its folder, or clone the repository with shared/ beside it. Tried:\n  ${tried.join('\n  ')}`,
  );
}

function startFolder(path: string): string {
  const absolute = resolve(path);
  return isDirectory(absolute) ? absolute : dirname(absolute);
}

function hasDataset(directory: string): boolean {
  return Object.values(SHARED_DATA_FILES).some((file) =>
    existsSync(join(directory, file)),
  );
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
