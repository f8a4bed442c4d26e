// Replays real agent conversations from data/sample.jsonl through @acm/core,
// offline (extractive summarizer, no LLM), and prints the token figures the
// model would have seen at every assistant turn.
//
//   pnpm --filter @acm-example/replay-conversation start [-- <conversation id> | --all]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { createTiktokenTokenCounter, resolveConfig } from '@acm/core';

import { DEMO_CONFIG, replayConversation } from './replay-conversation';

interface SampleConversation {
  id: string;
  messages: unknown[];
}

const samplePath = fileURLToPath(
  new URL('../../../data/sample.jsonl', import.meta.url),
);
const samples = readFileSync(samplePath, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as SampleConversation);

const argument = process.argv.slice(2).find((value) => value !== '--');
const selected =
  argument === '--all'
    ? samples
    : samples.filter((sample) => sample.id === (argument ?? samples[0]?.id));
if (selected.length === 0) {
  console.error(
    `No conversation ${argument ?? ''} in ${samplePath}. Ids:\n  ${samples.map((sample) => sample.id).join('\n  ')}`,
  );
  process.exit(1);
}

const counter = createTiktokenTokenCounter();
const format = (value: number) => value.toLocaleString('en-US');
console.log(
  `Budget: maxToken ${format(resolveConfig(DEMO_CONFIG).maxToken)}, trigger at ${String((DEMO_CONFIG.tokenRatio ?? 0) * 100)} % or ${String(DEMO_CONFIG.msgThreshold)} messages; tokens counted with ${counter.name}.`,
);

for (const sample of selected) {
  const result = await replayConversation({
    id: sample.id,
    messages: sample.messages,
    counter,
  });
  console.log(`\n${sample.id}`);
  console.log(
    'turn   raw msgs  raw tokens   managed msgs  managed tokens   passes',
  );
  for (const turn of result.turns) {
    console.log(
      [
        String(turn.index).padStart(4),
        String(turn.rawMessages).padStart(10),
        format(turn.rawTokens).padStart(11),
        String(turn.managedMessages).padStart(14),
        format(turn.managedTokens).padStart(15),
        `   ${turn.strategies.join(', ')}`,
      ].join(''),
    );
  }
  const raw = result.turns.reduce((sum, turn) => sum + turn.rawTokens, 0);
  const managed = result.turns.reduce(
    (sum, turn) => sum + turn.managedTokens,
    0,
  );
  const peakRaw = Math.max(...result.turns.map((turn) => turn.rawTokens));
  const peakManaged = Math.max(
    ...result.turns.map((turn) => turn.managedTokens),
  );
  console.log(
    `cumulative input tokens: raw ${format(raw)}, managed ${format(managed)} (${((managed / raw) * 100).toFixed(1)} %); peak raw ${format(peakRaw)}, managed ${format(peakManaged)}`,
  );
  console.log(
    `events: ${
      Object.entries(result.eventsByStrategy)
        .map(([name, count]) => `${name} ×${String(count)}`)
        .join(', ') || 'none'
    }; contract violations: ${String(result.contractViolations)}`,
  );
}
