import { join } from 'node:path';
import { findSharedDataDir } from '@acm/core/testing';
import { readConversations } from '@acm/cli';
import type { InputConversation } from '@acm/cli';

/** The file of each shared dataset. */
export const DATASET_FILES = {
  swe: 'swe-agent-trajectories.jsonl.gz',
  tau: 'tau-bench-airline.jsonl.gz',
} as const;

/**
 * The conversations of one shared dataset, read as `acm simulate` reads them
 * (`readConversations` from `@acm/cli`), from `dataDirectory`.
 */
export function readDataset(
  dataset: keyof typeof DATASET_FILES,
  dataDirectory: string = findSharedDataDir(),
): Promise<InputConversation[]> {
  return readConversations(join(dataDirectory, DATASET_FILES[dataset]));
}
