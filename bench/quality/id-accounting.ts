/**
 * Ids as they are sent (issue #25 item 5, #29 item 5), with the default id
 * generator (`randomId`) and the default exact counter (o200k_base), default
 * config except `maxToken`, the extractive summarizer:
 *
 * - **turns over budget**: every shared conversation replayed as
 *   `bench/quality/quality.ts` does (SWE at 14000 and 6000, tau at 3000 and
 *   2000; `compressIfNeeded` before each assistant message), each prompt
 *   counted as sent (the raw counter, ids as they are); a turn is over when
 *   that count exceeds `maxToken` and the memory did not report the protected
 *   set alone over it. Goal: 0.
 * - **the same decisions under any session id**: the tau chats concatenated
 *   (1,500 messages, `maxToken` 6000) and the SWE runs concatenated (500
 *   messages, `maxToken` 14000), each replayed under three session ids:
 *   compression events, and whether the prompts are identical once the ids
 *   are masked. Goal: identical.
 *
 *   cd bench && npx tsx --conditions=@acm/source quality/id-accounting.ts [--limit N] [--out FILE]
 *
 * Writes bench/results/id-accounting.json (or `--out`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  AutoContextMemory,
  createExtractiveSummarizer,
  createTiktokenTokenCounter,
} from '@acm/core';
import type { Message, TokenCounter } from '@acm/core';
import { loadTiktokenEncoder } from '@acm/core/internal';
import { loadSharedConversationsAsCore } from '@acm/core/testing';
import { writeResult } from '../lib/write-result';
import { describeCheckout } from '../lib/describe-checkout';

const { values } = parseArgs({
  options: {
    limit: { type: 'string' },
    out: { type: 'string' },
  },
});
const limit = values.limit === undefined ? undefined : Number(values.limit);
const encoder = loadTiktokenEncoder('o200k_base');
const counterOnEncoder = (): TokenCounter =>
  createTiktokenTokenCounter({ loadEncoder: () => encoder });
/** Counts prompts as a provider bills them: ids as they are. */
const raw = counterOnEncoder();

function createMemory(sessionId: string, maxToken: number): AutoContextMemory {
  return new AutoContextMemory({
    sessionId,
    config: { maxToken },
    summarizer: createExtractiveSummarizer(),
    counter: counterOnEncoder(),
    clock: { now: () => 0 },
  });
}

/** The prompt as a provider receives it, with the memory's ids masked. */
function wire(messages: readonly Message[]): string {
  return JSON.stringify(
    messages.map((message) => [message.role, message.name, message.content]),
  ).replace(/[0-9a-f]{8}_[A-Za-z0-9_-]+/g, '#');
}

interface BudgetFigures {
  readonly dataset: 'swe' | 'tau';
  readonly maxToken: number;
  readonly conversations: number;
  readonly turns: number;
  /** Turns whose prompt as sent exceeds `maxToken`, not excused by the protected set. */
  readonly overBudget: number;
  /** Largest prompt as sent ÷ `maxToken` among those turns (1 when none). */
  readonly worstRatio: number;
  /** Mean tokens the memory counted above what was sent, per prompt. */
  readonly meanOverCount: number;
}

async function measureBudget(
  dataset: 'swe' | 'tau',
  maxToken: number,
): Promise<BudgetFigures> {
  const conversations = loadSharedConversationsAsCore({
    dataset,
    ...(limit === undefined ? {} : { limit }),
  });
  let turns = 0;
  let overBudget = 0;
  let worstRatio = 1;
  let overCount = 0;
  for (const conversation of conversations) {
    const memory = createMemory(conversation.id, maxToken);
    for (const message of conversation.messages) {
      if (message.role === 'assistant') {
        const result = await memory.compressIfNeeded();
        const prompt = memory.getMessages();
        const sent = raw.countMessages(prompt);
        turns += 1;
        overCount += memory.countTokens() - sent;
        if (sent > maxToken && result.overBudget?.excused !== true) {
          overBudget += 1;
          worstRatio = Math.max(worstRatio, sent / maxToken);
        }
      }
      await memory.addMessage(message);
    }
  }
  return {
    dataset,
    maxToken,
    conversations: conversations.length,
    turns,
    overBudget,
    worstRatio,
    meanOverCount: overCount / Math.max(1, turns),
  };
}

/** `count` messages of the dataset's conversations end to end (one system message, fresh ids). */
function concatenate(dataset: 'swe' | 'tau', count: number): Message[] {
  const messages: Message[] = [];
  for (const conversation of loadSharedConversationsAsCore({ dataset })) {
    for (const message of conversation.messages) {
      if (message.role === 'system' && messages.length > 0) continue;
      messages.push({ ...message, id: `${conversation.id}-${message.id}` });
      if (messages.length === count) return messages;
    }
  }
  return messages;
}

interface SessionIdFigures {
  readonly workload: string;
  readonly messages: number;
  readonly maxToken: number;
  /** Compression events under each session id. */
  readonly compressions: readonly number[];
  readonly identicalPrompts: boolean;
}

async function measureSessionIds(
  workload: string,
  messages: readonly Message[],
  maxToken: number,
): Promise<SessionIdFigures> {
  const runs: { compressions: number; prompts: string[] }[] = [];
  for (const sessionId of ['session-a', 'customer-4711', 'user/7/thread/42']) {
    const memory = createMemory(sessionId, maxToken);
    const prompts: string[] = [];
    for (const message of messages) {
      if (message.role === 'assistant') {
        await memory.compressIfNeeded();
        prompts.push(wire(memory.getMessages()));
      }
      await memory.addMessage(message);
    }
    runs.push({
      compressions: memory
        .getCompressionEvents()
        .filter((event) => event.type === 'compression').length,
      prompts,
    });
  }
  return {
    workload,
    messages: messages.length,
    maxToken,
    compressions: runs.map((run) => run.compressions),
    identicalPrompts: runs.every(
      (run) =>
        run.prompts.length === runs[0]!.prompts.length &&
        run.prompts.every(
          (prompt, index) => prompt === runs[0]!.prompts[index],
        ),
    ),
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const budget: BudgetFigures[] = [];
  for (const [dataset, maxToken] of [
    ['swe', 14000],
    ['swe', 6000],
    ['tau', 3000],
    ['tau', 2000],
  ] as const) {
    process.stderr.write(`turns over budget: ${dataset} @ ${maxToken}…\n`);
    budget.push(await measureBudget(dataset, maxToken));
  }
  process.stderr.write('session ids…\n');
  const sessionIds = [
    await measureSessionIds('chat (tau)', concatenate('tau', 1500), 6000),
    await measureSessionIds('coding (SWE)', concatenate('swe', 500), 14000),
  ];
  console.log(
    `\nIds as sent, ${describeCheckout()}: default ids (randomId), o200k_base, default config except maxToken, extractive summarizer`,
  );
  console.log(
    '| run | conversations | turns | over budget as sent | worst × budget | mean tokens counted above sent |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const row of budget) {
    console.log(
      `| ${row.dataset} @ ${row.maxToken} | ${row.conversations} | ${row.turns} | ${row.overBudget} | ${row.worstRatio.toFixed(3)} | ${row.meanOverCount.toFixed(1)} |`,
    );
  }
  console.log(
    `turns over budget, all four runs: ${budget.reduce((sum, row) => sum + row.overBudget, 0)} (goal 0)`,
  );
  console.log(
    '\n| workload | messages | maxToken | compressions under 3 session ids | prompts identical |',
  );
  console.log('|---|---|---|---|---|');
  for (const row of sessionIds) {
    console.log(
      `| ${row.workload} | ${row.messages} | ${row.maxToken} | ${row.compressions.join(' / ')} | ${row.identicalPrompts ? 'yes' : 'no'} |`,
    );
  }
  const result = {
    benchmark: 'id-accounting',
    label: describeCheckout(),
    loadAverageAtStart: loadavg()[0],
    seconds: (performance.now() - started) / 1000,
    budget,
    sessionIds,
  };
  let out: string;
  if (values.out === undefined) out = writeResult('id-accounting.json', result);
  else {
    out = resolve(values.out);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  }
  process.stderr.write(`wrote ${out}\n`);
}

await main();
