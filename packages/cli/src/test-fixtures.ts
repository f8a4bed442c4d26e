import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AutoContextConfigInput } from '@acm/core';

/** The committed sample of real conversations (repository root `data/sample.jsonl`). */
export const SAMPLE_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'data',
  'sample.jsonl',
);

/** A budget the sample's SWE conversations cross, so that several strategies run. */
export const SAMPLE_CONFIG: AutoContextConfigInput = { maxToken: 16_000 };
