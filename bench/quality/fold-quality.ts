/**
 * Fold quality on the shared real conversations (issue #11 items 2, 5, 6):
 * replays each conversation turn by turn through the public memory API
 * (`AutoContextMemory`: addMessage, then compressIfNeeded before every
 * assistant message, default config except `maxToken`, extractive summarizer,
 * tiktoken o200k_base), and reports per dataset and budget:
 *
 * - turns over `maxToken`, and those NOT excused by the protected set (system
 *   messages, pinned / never-compress messages and the in-flight exchange, as
 *   `createStrategyContext` marks them, counted alone);
 * - reload depth: for every original message, the fewest `context_reload`
 *   calls that reach it byte-exact from the working messages of the final
 *   state (0 = visible), max and p95;
 * - cumulative input savings: 1 − Σ managed tokens / Σ raw tokens over turns;
 * - tokens saved per strategy (Σ tokensBefore − tokensAfter of its events) and
 *   applied passes per strategy.
 *
 *   cd bench && npx tsx --conditions=@acm/source quality/fold-quality.ts [swe:6000 tau:2000 …] [--limit N]
 *
 * Without arguments: swe:14000 swe:6000 tau:3000 tau:2000. Writes
 * bench/results/fold-quality.json.
 */
import { findOffloadIds, getAcmMarker, resolveConfig } from '@acm/core';
import { createStrategyContext } from '@acm/core/internal';
import type { ContextState, Message, TokenCounter } from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { createReplayMemory } from '../lib/replay-memory';
import { writeResult } from '../lib/write-result';

interface RunFigures {
  readonly dataset: string;
  readonly maxToken: number;
  readonly conversations: number;
  readonly turns: number;
  readonly compressedTurns: number;
  readonly overBudgetTurns: number;
  readonly overBudgetNotExcused: number;
  readonly worstNotExcusedRatio: number;
  readonly notExcusedSamples: readonly string[];
  readonly reloadDepthMax: number;
  readonly reloadDepthP95: number;
  readonly originalsAtDepth3Plus: number;
  readonly originals: number;
  readonly unreachable: number;
  readonly cumulativeSavings: number;
  readonly savedByStrategy: Readonly<Record<string, number>>;
  readonly savedShareByStrategy: Readonly<Record<string, number>>;
  readonly passesByStrategy: Readonly<Record<string, number>>;
  readonly seconds: number;
}

function messageKey(message: Message): string {
  return JSON.stringify(message);
}

/** Offload ids a message refers to: its marker's and every tag in its text or tool output. */
function referencedOffloadIds(message: Message): string[] {
  const ids: string[] = [];
  const marker = getAcmMarker(message);
  if (marker?.offloadId !== undefined) ids.push(marker.offloadId);
  for (const part of message.content) {
    if (part.type === 'text') ids.push(...findOffloadIds(part.text));
    if (part.type === 'tool-result') {
      const output =
        typeof part.output === 'string'
          ? part.output
          : JSON.stringify(part.output);
      ids.push(...findOffloadIds(output));
    }
    if (part.type === 'tool-call') {
      const input =
        typeof part.input === 'string'
          ? part.input
          : JSON.stringify(part.input);
      ids.push(...findOffloadIds(input));
    }
  }
  return ids;
}

/**
 * Breadth-first from the working messages: depth of every message (by exact
 * content) reachable through offload entries. Returns the depth of each
 * original (Infinity when unreachable).
 */
function reloadDepths(state: ContextState): number[] {
  const depthByKey = new Map<string, number>();
  const seenEntries = new Set<string>();
  let frontier: Message[] = [...state.working];
  for (let depth = 0; frontier.length > 0 && depth < 64; depth++) {
    const next: Message[] = [];
    for (const message of frontier) {
      const key = messageKey(message);
      if (!depthByKey.has(key)) depthByKey.set(key, depth);
      for (const id of referencedOffloadIds(message)) {
        if (seenEntries.has(id)) continue;
        seenEntries.add(id);
        const entry = state.offloads[id];
        if (entry !== undefined) next.push(...entry);
      }
    }
    frontier = next;
  }
  return state.original.map(
    (message) => depthByKey.get(messageKey(message)) ?? Infinity,
  );
}

function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[
    Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)
  ]!;
}

function protectedTokens(
  working: readonly Message[],
  counter: TokenCounter,
  config: ReturnType<typeof resolveConfig>,
): number {
  const context = createStrategyContext({
    messages: working,
    config,
    counter,
    // Only which messages are protected is read; no id is generated.
    generateId: () => 'unused',
    pressure: { messageCount: false, tokens: true },
  });
  const kept = working.filter(
    (message, index) => message.role === 'system' || context.isProtected(index),
  );
  return counter.countMessages(kept);
}

async function run(
  dataset: 'swe' | 'tau',
  maxToken: number,
  limit: number | undefined,
): Promise<RunFigures> {
  const started = performance.now();
  const conversations = loadSharedConversations({
    dataset,
    ...(limit === undefined ? {} : { limit }),
  });
  const resolved = resolveConfig({ maxToken });
  let turns = 0;
  let compressedTurns = 0;
  let overBudgetTurns = 0;
  let overBudgetNotExcused = 0;
  let worstNotExcusedRatio = 0;
  const notExcusedSamples: string[] = [];
  let rawSum = 0;
  let managedSum = 0;
  const depths: number[] = [];
  const savedByStrategy: Record<string, number> = {};
  const passesByStrategy: Record<string, number> = {};

  for (const conversation of conversations) {
    const messages = fromSharedMessages(conversation.messages);
    const { memory, counter } = createReplayMemory({
      sessionId: conversation.id,
      maxToken,
      idPrefix: 'r',
    });
    for (const [index, message] of messages.entries()) {
      if (message.role === 'assistant') {
        const result = await memory.compressIfNeeded();
        for (const pass of result.passes) {
          if (pass.outcome === 'applied') {
            passesByStrategy[pass.strategy] =
              (passesByStrategy[pass.strategy] ?? 0) + 1;
          }
        }
        for (const event of result.events) {
          if (event.type !== 'compression') continue;
          savedByStrategy[event.strategy] =
            (savedByStrategy[event.strategy] ?? 0) +
            (event.tokensBefore - event.tokensAfter);
        }
        const prompt = memory.getMessages();
        const managed = counter.countMessages(prompt);
        const raw = counter.countMessages(memory.getOriginalMessages());
        turns++;
        if (managed < raw) compressedTurns++;
        rawSum += raw;
        managedSum += managed;
        if (managed > maxToken) {
          overBudgetTurns++;
          const protectedSet = protectedTokens(prompt, counter, resolved);
          if (protectedSet <= maxToken) {
            overBudgetNotExcused++;
            worstNotExcusedRatio = Math.max(
              worstNotExcusedRatio,
              managed / maxToken,
            );
            if (notExcusedSamples.length < 10) {
              notExcusedSamples.push(
                `${conversation.id} message ${index}: ${managed} tokens, protected ${protectedSet}`,
              );
            }
          }
        }
      }
      await memory.addMessage(message);
    }
    depths.push(...reloadDepths(memory.getState()));
  }
  const finite = depths.filter((depth) => Number.isFinite(depth));
  const totalSaved = Object.values(savedByStrategy).reduce(
    (sum, value) => sum + value,
    0,
  );
  const savedShareByStrategy: Record<string, number> = {};
  for (const [name, saved] of Object.entries(savedByStrategy)) {
    savedShareByStrategy[name] =
      totalSaved === 0 ? 0 : round((saved / totalSaved) * 100);
  }
  return {
    dataset,
    maxToken,
    conversations: conversations.length,
    turns,
    compressedTurns,
    overBudgetTurns,
    overBudgetNotExcused,
    worstNotExcusedRatio: round(worstNotExcusedRatio),
    notExcusedSamples,
    reloadDepthMax: finite.length === 0 ? 0 : Math.max(...finite),
    reloadDepthP95: percentile(finite, 0.95),
    originalsAtDepth3Plus: finite.filter((depth) => depth >= 3).length,
    originals: depths.length,
    unreachable: depths.length - finite.length,
    cumulativeSavings: round((1 - managedSum / Math.max(1, rawSum)) * 100),
    savedByStrategy,
    savedShareByStrategy,
    passesByStrategy,
    seconds: round((performance.now() - started) / 1000),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function print(figures: RunFigures): void {
  console.log(
    `\n${figures.dataset} @ ${figures.maxToken}: ${figures.conversations} conversations, ${figures.turns} turns (${figures.compressedTurns} compressed), ${figures.seconds}s`,
  );
  console.log(
    `  over budget: ${figures.overBudgetTurns} turns, not excused by the protected set: ${figures.overBudgetNotExcused} (worst ${figures.worstNotExcusedRatio}×)`,
  );
  for (const sample of figures.notExcusedSamples.slice(0, 3)) {
    console.log(`    ${sample}`);
  }
  console.log(
    `  reload depth: max ${figures.reloadDepthMax}, p95 ${figures.reloadDepthP95}, ≥3: ${figures.originalsAtDepth3Plus}/${figures.originals}, unreachable ${figures.unreachable}`,
  );
  console.log(`  cumulative input savings: ${figures.cumulativeSavings} %`);
  console.log(
    `  saved share by strategy: ${JSON.stringify(figures.savedShareByStrategy)}`,
  );
  console.log(
    `  applied passes by strategy: ${JSON.stringify(figures.passesByStrategy)}`,
  );
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let limit: number | undefined;
  const targets: ['swe' | 'tau', number][] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--limit') {
      limit = Number(argv[++index]);
      continue;
    }
    const [dataset, budget] = argument.split(':');
    if ((dataset !== 'swe' && dataset !== 'tau') || budget === undefined) {
      throw new Error(`expected dataset:maxToken, got ${argument}`);
    }
    targets.push([dataset, Number(budget)]);
  }
  if (targets.length === 0) {
    targets.push(['swe', 14000], ['swe', 6000], ['tau', 3000], ['tau', 2000]);
  }
  const results: RunFigures[] = [];
  for (const [dataset, maxToken] of targets) {
    const figures = await run(dataset, maxToken, limit);
    print(figures);
    results.push(figures);
  }
  const file = writeResult('fold-quality.json', {
    command: `quality/fold-quality.ts ${argv.join(' ')}`.trim(),
    limit: limit ?? null,
    results,
  });
  console.log(`\nwrote ${file}`);
}

await main();
