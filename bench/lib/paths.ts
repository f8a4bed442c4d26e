import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench folder: where the scripts run child processes and git from. */
export const benchDirectory = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
);

/** The repository root. */
export const repositoryRoot = resolve(benchDirectory, '..');

/** bench/results/: every script's figures, one JSON file each. */
export const resultsDirectory = join(benchDirectory, 'results');

/** The shared conversations: `ACM_SHARED_DATA`, or `shared/data` beside the repository. */
export const sharedDataDirectory =
  process.env.ACM_SHARED_DATA ?? resolve(repositoryRoot, '../shared/data');
