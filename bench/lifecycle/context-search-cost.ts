/**
 * What `context_search` costs on a long session (issue #29 item 4, #24 item
 * 3): a 50,000-message history made of the shared tau and SWE messages
 * (copies under fresh ids), added to one `AutoContextMemory` turn by turn
 * (no compression: every message stays in the working context, the worst
 * case for anything that walks the context per query).
 *
 * 1. incremental, as the adapters run it: the handler exists from the
 *    start and `sync()` runs after every turn (the session manager does with
 *    `indexForSearch()`, the agent hook before every model call); figures:
 *    the per-turn sync, then the first search at 50k and the median / p95 of
 *    the probe queries. On a build without `sync()` (before #24), nothing
 *    runs per turn and the first search indexes the whole history.
 * 2. cold: a new handler over the same 50k memory (a session loaded after an
 *    eviction or a restart): the first search builds the index.
 *
 * Probes: identifiers drawn from the history and the opening requests of the
 * conversations (the same kinds as bench/retrieval.ts), three rounds.
 *
 *   cd bench && npx tsx --conditions=@acm/source lifecycle/context-search-cost.ts [--messages N]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import {
  AutoContextMemory,
  createApproximateTokenCounter,
  fromOpenAIMessages,
} from '@acm/core';
import type { Message } from '@acm/core';
import { createContextSearchHandler } from '@acm/core/long-term';
import { loadSharedConversations } from '@acm/core/testing';
import { benchText, extractBenchIdentifiers } from '../lib/retrieval-probes';
import { median } from '../lib/stats';
import { writeResult } from '../lib/write-result';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '50000' },
    label: { type: 'string', default: 'after' },
  },
});
const TARGET = Number(values.messages);

const round = (value: number, digits = 3) =>
  Math.round(value * 10 ** digits) / 10 ** digits;
const percentile = (list: readonly number[], share: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.floor(share * sorted.length))
  ]!;
};

// ---- the history: shared conversations, repeated under fresh ids, in turns ----
const conversations = (['tau', 'swe'] as const).flatMap((dataset) =>
  loadSharedConversations({ dataset }).map((conversation) => ({
    id: conversation.id,
    messages: fromOpenAIMessages(conversation.messages, {
      invalidToolArguments: 'keep-raw',
      orphanToolResults: 'keep',
    }).filter((message) => message.role !== 'system'),
  })),
);
/** Turns: the messages up to and including each assistant message without tool calls (or the end). */
const turns: Message[][] = [];
let total = 0;
for (let copy = 0; total < TARGET; copy++) {
  for (const conversation of conversations) {
    let turn: Message[] = [];
    for (const message of conversation.messages) {
      if (total >= TARGET) break;
      turn.push({
        ...message,
        id: `c${copy}/${conversation.id}/${message.id}`,
      });
      total++;
      const callsTools = message.content.some(
        (part) => part.type === 'tool-call',
      );
      if (message.role === 'assistant' && !callsTools) {
        turns.push(turn);
        turn = [];
      }
    }
    if (turn.length > 0) turns.push(turn);
    if (total >= TARGET) break;
  }
}
const history = turns.flat();
const identifierQueries = [
  ...new Set(
    history
      .slice(0, 20_000)
      .flatMap((message) => extractBenchIdentifiers(benchText(message))),
  ),
]
  .filter((_, index) => index % 11 === 0)
  .slice(0, 300);
const openingQueries = conversations
  .map(({ messages }) => messages.find((message) => message.role === 'user'))
  .filter((message) => message !== undefined)
  .map((message) => benchText(message).slice(0, 400))
  .slice(0, 100);
const queries = [...identifierQueries, ...openingQueries];

// ---- 1. incremental ----------------------------------------------------------
const memory = new AutoContextMemory({
  sessionId: 'long',
  counter: createApproximateTokenCounter(),
  config: { maxToken: 1_000_000_000 },
});
const handler = createContextSearchHandler(memory);
const sync = (handler as { sync?: () => void }).sync;
const syncTimes: number[] = [];
let addMs = 0;
for (const turn of turns) {
  let t0 = performance.now();
  await memory.addMessages(turn, { toolPairing: 'drop' });
  addMs += performance.now() - t0;
  if (sync === undefined) continue;
  t0 = performance.now();
  sync();
  syncTimes.push(performance.now() - t0);
}
const messageCount = memory.getOriginalMessageCount();
let t0 = performance.now();
handler.search(queries[0]!, 5);
const firstMs = performance.now() - t0;
const queryTimes: number[] = [];
for (let pass = 0; pass < 3; pass++) {
  for (const query of queries) {
    t0 = performance.now();
    handler.search(query, 5);
    queryTimes.push(performance.now() - t0);
  }
}

// ---- 2. cold -----------------------------------------------------------------
const cold = createContextSearchHandler(memory);
t0 = performance.now();
cold.search(queries[0]!, 5);
const coldFirstMs = performance.now() - t0;
const coldQueryTimes: number[] = [];
for (const query of queries) {
  t0 = performance.now();
  cold.search(query, 5);
  coldQueryTimes.push(performance.now() - t0);
}

const figures = {
  label: values.label,
  messages: messageCount,
  turns: turns.length,
  queries: {
    identifiers: identifierQueries.length,
    openingRequests: openingQueries.length,
  },
  loadAverage: round(loadavg()[0]!, 2),
  incremental: {
    perTurnSync:
      syncTimes.length === 0
        ? null
        : {
            medianMs: round(median(syncTimes)),
            p95Ms: round(percentile(syncTimes, 0.95)),
            totalMs: round(
              syncTimes.reduce((sum, value) => sum + value, 0),
              1,
            ),
          },
    addMessagesTotalMs: round(addMs, 1),
    firstSearchMs: round(firstMs, 2),
    queryMedianMs: round(median(queryTimes)),
    queryP95Ms: round(percentile(queryTimes, 0.95)),
  },
  cold: {
    firstSearchMs: round(coldFirstMs, 1),
    queryMedianMs: round(median(coldQueryTimes)),
  },
};

console.log(
  `context_search over ${messageCount} messages (${turns.length} turns), ${queries.length} queries × 3, load ${figures.loadAverage}`,
);
console.log(
  figures.incremental.perTurnSync === null
    ? 'incremental: no sync() in this build (the first search indexes everything)'
    : `incremental: sync per turn median ${figures.incremental.perTurnSync.medianMs} ms, p95 ${figures.incremental.perTurnSync.p95Ms} ms (total ${figures.incremental.perTurnSync.totalMs} ms; addMessages total ${figures.incremental.addMessagesTotalMs} ms)`,
);
console.log(
  `first search at ${messageCount}: ${figures.incremental.firstSearchMs} ms (goal ≤ 100); query median ${figures.incremental.queryMedianMs} ms, p95 ${figures.incremental.queryP95Ms} ms (goal median ≤ 2)`,
);
console.log(
  `cold (a new handler over the loaded session): first search ${figures.cold.firstSearchMs} ms, then query median ${figures.cold.queryMedianMs} ms`,
);
console.log(
  `wrote ${writeResult(`context-search-cost.${values.label}.json`, figures)}`,
);
