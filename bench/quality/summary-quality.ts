/**
 * What the model is left with after compression: ledger share of the managed
 * tokens and identifiers visible outside ledger lines, on the real
 * conversations of shared/data, replayed turn by turn through the public
 * memory API (default config except `maxToken`, extractive summarizer).
 *
 *   cd bench && npx tsx --conditions=@acm/source quality/summary-quality.ts [--limit N] [--print N] [--dataset swe|tau] [--missing]
 *
 * Probes are independent of core's ledger extractor: SWE probes are the
 * paths, dotted names and identifiers with a digit or an underscore that the
 * next assistant message uses and that appear earlier in the conversation;
 * tau probes are the scalar arguments of the run's ground-truth
 * `expected_actions` that appear earlier in the conversation. "Outside
 * ledgers" means with every ledger line (`Facts kept verbatim — …`) removed.
 */
import {
  AutoContextMemory,
  createExtractiveSummarizer,
  createTiktokenTokenCounter,
  getAcmMarker,
  stringifyToolOutput,
} from '@acm/core';
import type { Message } from '@acm/core';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import type { SharedCoreConversation } from '@acm/core/testing';
import { writeResult } from '../lib/write-result';

const argv = process.argv.slice(2);
const option = (name: string): number | undefined => {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? Number(argv[index + 1]) : undefined;
};
const limit = option('limit');
const printCount = option('print') ?? 3;

/** A ledger line as ACM renders it, whatever precedes it on the line. */
const LEDGER_LINE = /^Facts kept verbatim — .*$/gm;

function visibleText(message: Message): string {
  const pieces: string[] = [];
  for (const part of message.content) {
    if (part.type === 'text' || part.type === 'reasoning')
      pieces.push(part.text);
    else if (part.type === 'tool-call')
      pieces.push(
        `${part.toolName} ${typeof part.input === 'string' ? part.input : JSON.stringify(part.input)}`,
      );
    else if (part.type === 'tool-result')
      pieces.push(stringifyToolOutput(part.output));
  }
  return pieces.join('\n');
}

function withoutLedgers(text: string): string {
  return text.replace(LEDGER_LINE, '');
}

function ledgerChars(text: string): number {
  let chars = 0;
  for (const match of text.matchAll(LEDGER_LINE)) chars += match[0].length;
  return chars;
}

/** SWE probes: paths, dotted names, identifiers with a digit or `_` (not provider call ids). */
function sweProbes(text: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /(?:[\w.-]+\/)+[\w.-]+\.[A-Za-z]{1,5}\b/g,
    /\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*){1,}\b/g,
    /\b[A-Za-z_]*[a-z][A-Za-z]*_\w+\b/g,
    /\b[A-Za-z]+\d+[A-Za-z\d]*\b/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const token = match[0];
      if (token.length < 4 || /^(?:call|toolu|fc)_/.test(token)) continue;
      found.add(token);
    }
  }
  return [...found];
}

/** tau probes: scalar arguments of the ground-truth actions (strings of 3+ characters). */
function tauProbes(extra: Readonly<Record<string, unknown>>): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.length >= 3) found.add(value);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object')
      Object.values(value).forEach(visit);
  };
  const actions = extra.expected_actions;
  if (Array.isArray(actions)) {
    for (const action of actions)
      visit((action as { kwargs?: unknown }).kwargs);
  }
  return [...found];
}

interface Figures {
  turns: number;
  compressedTurns: number;
  managedTokens: number;
  ledgerTokens: number;
  probesEarlier: number;
  probesVisible: number;
  probesVisibleOutsideLedgers: number;
  ledgersPerMessageMax: number;
  callIdsInLedgers: number;
  missingOutside: string[];
}

const samples: string[] = [];

async function replay(
  conversation: SharedCoreConversation,
  maxToken: number,
  figures: Figures,
): Promise<void> {
  const counter = createTiktokenTokenCounter();
  let sequence = 0;
  const memory = new AutoContextMemory({
    sessionId: conversation.id,
    config: { maxToken },
    summarizer: createExtractiveSummarizer(),
    counter,
    generateId: () => `id${(sequence++).toString(36).padStart(6, '0')}`,
  });
  const tau = conversation.dataset === 'tau';
  const tauAll = tau ? tauProbes(conversation.extra) : [];
  let earlierText = '';
  for (const message of conversation.messages) {
    if (message.role === 'assistant') {
      await memory.compressIfNeeded();
      const prompt = memory.getMessages();
      const compressed = prompt.some(
        (entry) => getAcmMarker(entry) !== undefined,
      );
      figures.turns += 1;
      if (compressed) {
        figures.compressedTurns += 1;
        const texts = prompt.map(visibleText);
        const managedText = texts.join('\n');
        const outside = withoutLedgers(managedText);
        const managedTokens = counter.countMessages(prompt);
        const ledgerShare = ledgerChars(managedText) / managedText.length;
        figures.managedTokens += managedTokens;
        figures.ledgerTokens += ledgerShare * managedTokens;
        for (const text of texts) {
          const count = text.match(LEDGER_LINE)?.length ?? 0;
          figures.ledgersPerMessageMax = Math.max(
            figures.ledgersPerMessageMax,
            count,
          );
          for (const line of text.match(LEDGER_LINE) ?? []) {
            const ids = line.match(/\b(?:call|toolu|fc)_\w+/g) ?? [];
            figures.callIdsInLedgers += ids.length;
            if (ids.length > 0 && argv.includes('--missing'))
              console.log(`  call id in ledger: ${line.slice(0, 300)}`);
          }
        }
        const probes = tau ? tauAll : sweProbes(visibleText(message));
        for (const probe of probes) {
          if (!earlierText.includes(probe)) continue;
          figures.probesEarlier += 1;
          if (managedText.includes(probe)) figures.probesVisible += 1;
          if (outside.includes(probe)) figures.probesVisibleOutsideLedgers += 1;
          else if (figures.missingOutside.length < 40)
            figures.missingOutside.push(probe);
        }
      }
    }
    await memory.addMessage(message);
    earlierText += `${visibleText(message)}\n`;
  }
  if (samples.length < printCount * 2) {
    const summaries = memory
      .getMessages()
      .filter(
        (entry) =>
          entry.role === 'assistant' && getAcmMarker(entry) !== undefined,
      )
      .map(visibleText);
    const longest = summaries.sort((a, b) => b.length - a.length)[0];
    if (longest !== undefined)
      samples.push(`### ${conversation.id} @ ${maxToken}\n${longest}`);
  }
}

const runs: { dataset: 'swe' | 'tau'; maxToken: number }[] = [
  { dataset: 'swe', maxToken: 14000 },
  { dataset: 'swe', maxToken: 6000 },
  { dataset: 'tau', maxToken: 3000 },
  { dataset: 'tau', maxToken: 2000 },
];
const only = argv.includes('--dataset')
  ? argv[argv.indexOf('--dataset') + 1]
  : undefined;
const results: Record<string, unknown>[] = [];
for (const { dataset, maxToken } of runs.filter(
  (run) => only === undefined || run.dataset === only,
)) {
  const conversations = loadSharedConversationsAsCore({
    dataset,
    ...(limit === undefined ? {} : { limit }),
  });
  const figures: Figures = {
    turns: 0,
    compressedTurns: 0,
    managedTokens: 0,
    ledgerTokens: 0,
    probesEarlier: 0,
    probesVisible: 0,
    probesVisibleOutsideLedgers: 0,
    ledgersPerMessageMax: 0,
    callIdsInLedgers: 0,
    missingOutside: [],
  };
  const started = performance.now();
  for (const conversation of conversations)
    await replay(conversation, maxToken, figures);
  const percent = (part: number, whole: number) =>
    whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
  const row = {
    dataset,
    maxToken,
    conversations: conversations.length,
    turns: figures.turns,
    compressedTurns: figures.compressedTurns,
    ledgerSharePercent: percent(figures.ledgerTokens, figures.managedTokens),
    probeVisiblePercent: percent(figures.probesVisible, figures.probesEarlier),
    probeVisibleOutsideLedgersPercent: percent(
      figures.probesVisibleOutsideLedgers,
      figures.probesEarlier,
    ),
    probes: figures.probesEarlier,
    ledgersPerMessageMax: figures.ledgersPerMessageMax,
    callIdsInLedgers: figures.callIdsInLedgers,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  results.push({ ...row, missingOutsideSample: figures.missingOutside });
  console.log(JSON.stringify(row));
  if (argv.includes('--missing'))
    console.log(
      `  missing outside ledgers: ${figures.missingOutside.join(' ')}`,
    );
}
for (const sample of samples) console.log(`\n${sample.slice(0, 4000)}\n`);
writeResult('summary-quality.json', { limit: limit ?? null, results });
