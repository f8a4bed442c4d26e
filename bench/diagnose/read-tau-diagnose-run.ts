import { parseArgs } from 'node:util';
import type { InputConversation } from '@acm/cli';
import { readDataset } from '../lib/read-dataset';

/**
 * What a tau-bench diagnosis runs on, from its command line
 * (`[maxToken] [--limit N] [--verbose]`): the budget, the first `--limit`
 * conversations, whether to list each case, and a tally to count into.
 */
export async function readTauDiagnoseRun(): Promise<{
  maxToken: number;
  verbose: boolean;
  conversations: InputConversation[];
  tally: Map<string, number>;
  add: (key: string, n?: number) => void;
}> {
  const { values, positionals } = parseArgs({
    options: { limit: { type: 'string' }, verbose: { type: 'boolean' } },
    allowPositionals: true,
  });
  const maxToken = Number(positionals[0] ?? 2000);
  const conversations = (await readDataset('tau')).slice(
    0,
    values.limit === undefined ? undefined : Number(values.limit),
  );
  const tally = new Map<string, number>();
  const add = (key: string, n = 1) => {
    tally.set(key, (tally.get(key) ?? 0) + n);
  };
  return {
    maxToken,
    verbose: values.verbose === true,
    conversations,
    tally,
    add,
  };
}
