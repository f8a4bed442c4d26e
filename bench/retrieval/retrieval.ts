/**
 * Retrieval figures of issue #16, on the shared tau data at maxToken 2000 with
 * the default config (extractive summarizer, o200k counter), replayed the way
 * adapters run ACM (compress before each assistant turn):
 *
 * 1. identifiers: for every identifier a later assistant turn uses that was
 *    said earlier in the conversation but is no longer visible in the managed
 *    prompt, does `context_search` (the shipped handler) return a snippet
 *    containing it in its top 1 / top 5? Queried two ways: the identifier
 *    itself, and the words around it in that assistant turn (vaguer).
 * 2. opening request: with the words of the customer's first message as the
 *    query (at the end of the conversation), is a message holding each
 *    ground-truth action argument value in the top 5 (the opening message
 *    itself does not count)? Also reported with `context_search`'s round
 *    scoring off (plain BM25 per message), for comparison.
 * 3. latency: `context_search` over 10 000 indexed messages (tau and SWE
 *    messages), and the embedded long-term backend over 10 000 records: median
 *    and p95 of a query, and the time to index.
 *
 * Probes (identifiers, rendering, visibility) come from bench/lib, not from
 * ACM's own extractors.
 *
 *   cd bench && npx tsx --conditions=@acm/source retrieval/retrieval.ts [--limit N]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Message } from '@acm/core';
import {
  createContextSearchHandler,
  createEmbeddedLongTermBackend,
} from '@acm/core/long-term';
import type { ContextSearchMemory, LongTermRecord } from '@acm/core/long-term';
import { loadSharedConversations } from '@acm/core/testing';
import {
  benchText,
  contextWords,
  createBenchMemory,
  extractBenchIdentifiers,
  loadTau,
  median,
  openingProbe,
  percentile,
} from '../lib/retrieval-probes';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { writeResult } from '../lib/write-result';

const { values } = parseArgs({ options: { limit: { type: 'string' } } });
const limit = values.limit === undefined ? undefined : Number(values.limit);
const MAX_TOKEN = 2000;
const LATENCY_MESSAGES = 10_000;

// ---- 1 and 2: probes on tau at 2000 -------------------------------------------
interface Tally {
  probes: number;
  at1: number;
  at5: number;
}
const tally = (): Tally => ({ probes: 0, at1: 0, at5: 0 });
const byIdentifier = tally();
const byContext = tally();
const opening = { values: 0, found: 0, foundPlain: 0, conversations: 0 };
const misses: string[] = [];
const started = performance.now();
const conversations = loadTau(limit);
for (const replayed of conversations) {
  const memory = createBenchMemory(replayed.id, MAX_TOKEN);
  const search = createContextSearchHandler(memory);
  const said: string[] = [];
  for (const [index, message] of replayed.messages.entries()) {
    if (message.role === 'assistant') {
      await memory.compressIfNeeded();
      const prompt = memory.getMessages().map(benchText).join('\n');
      const earlier = said.join('\n');
      const text = benchText(message);
      for (const identifier of extractBenchIdentifiers(text)) {
        if (!earlier.includes(identifier) || prompt.includes(identifier)) {
          continue;
        }
        for (const [kind, query, counts] of [
          ['identifier', identifier, byIdentifier],
          ['context', contextWords(text, identifier), byContext],
        ] as const) {
          counts.probes++;
          const hits = search.search(query, 5);
          const rank = hits.findIndex((hit) =>
            hit.snippet.includes(identifier),
          );
          if (rank === 0) counts.at1++;
          if (rank >= 0) counts.at5++;
          else if (kind === 'identifier') {
            misses.push(`${replayed.id}#${index} ${identifier}`);
          }
        }
      }
    }
    await memory.addMessage(message);
    said.push(benchText(message));
  }
  const probe = openingProbe(replayed);
  if (probe !== undefined) {
    opening.conversations++;
    const firstUser = replayed.messages.find((m) => m.role === 'user')!;
    const topTexts = (scoreToolResultsByRound: boolean) =>
      createContextSearchHandler(memory, { scoreToolResultsByRound })
        .search(probe.query.slice(0, 4000), 6)
        .filter((hit) => hit.messageId !== firstUser.id)
        .slice(0, 5)
        .map((hit) =>
          benchText(replayed.messages.find((m) => m.id === hit.messageId)!),
        );
    const texts = topTexts(true);
    const plainTexts = topTexts(false);
    for (const value of probe.values) {
      opening.values++;
      if (texts.some((text) => text.includes(value))) opening.found++;
      if (plainTexts.some((text) => text.includes(value))) opening.foundPlain++;
    }
  }
}
const probeSeconds = (performance.now() - started) / 1000;

// ---- 3: latency at 10k messages --------------------------------------------------
const pool: Message[] = [];
for (const dataset of ['tau', 'swe'] as const) {
  for (const conversation of loadSharedConversations({ dataset })) {
    const messages = fromSharedMessages(conversation.messages);
    for (const message of messages) {
      if (pool.length >= LATENCY_MESSAGES) break;
      pool.push({ ...message, id: `${conversation.id}/${message.id}` });
    }
  }
}
const queries = [
  ...new Set(
    pool.flatMap((message) => extractBenchIdentifiers(benchText(message))),
  ),
]
  .filter((_, index) => index % 7 === 0)
  .slice(0, 300);
const openingQueries = conversations
  .map((replayed) => replayed.messages.find((m) => m.role === 'user'))
  .filter((message) => message !== undefined)
  .map((message) => benchText(message).slice(0, 400))
  .slice(0, 100);
const allQueries = [...queries, ...openingQueries];

// Every message is in the context (nothing compressed); the epochs never
// move, so the index is built once (a memory without epochs is read again on
// every search).
const fake: ContextSearchMemory = {
  sessionId: 'latency',
  getOriginalMessageCount: () => pool.length,
  getOriginalMessageAt: (index) => pool[index],
  getOffloadContext: () => ({}),
  getMessages: () => pool,
  getEpochs: () => ({ history: 0, state: 0 }),
};
const handler = createContextSearchHandler(fake);
let t0 = performance.now();
handler.search('warm up', 5); // indexes the 10k messages
const indexMs = performance.now() - t0;
const contextLatencies: number[] = [];
const contextById: number[] = [];
const contextByOpening: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const query of allQueries) {
    t0 = performance.now();
    handler.search(query, 5);
    const elapsed = performance.now() - t0;
    contextLatencies.push(elapsed);
    (openingQueries.includes(query) ? contextByOpening : contextById).push(
      elapsed,
    );
  }
}

const backend = createEmbeddedLongTermBackend();
const owner = { userId: 'latency-user' };
const records: LongTermRecord[] = pool.map((message, index) => ({
  id: `record-${index}`,
  owner,
  text: (benchText(message).trim() || '(empty)').slice(0, 32_000),
  createdAt: index,
  source: 'compression',
}));
t0 = performance.now();
for (let start = 0; start < records.length; start += 1000) {
  await backend.add(records.slice(start, start + 1000));
}
const backendIndexMs = performance.now() - t0;
const backendLatencies: number[] = [];
const backendById: number[] = [];
const backendByOpening: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const query of allQueries) {
    t0 = performance.now();
    await backend.search({ owner, query, limit: 5 });
    const elapsed = performance.now() - t0;
    backendLatencies.push(elapsed);
    (openingQueries.includes(query) ? backendByOpening : backendById).push(
      elapsed,
    );
  }
}

// ---- report ------------------------------------------------------------------------
const pct = (part: number, whole: number) =>
  whole === 0 ? Number.NaN : Math.round((1000 * part) / whole) / 10;
const figures = {
  dataset: 'tau',
  maxToken: MAX_TOKEN,
  conversations: conversations.length,
  identifierProbes: {
    byIdentifier: {
      probes: byIdentifier.probes,
      recallAt1: pct(byIdentifier.at1, byIdentifier.probes),
      recallAt5: pct(byIdentifier.at5, byIdentifier.probes),
    },
    byContextWords: {
      probes: byContext.probes,
      recallAt1: pct(byContext.at1, byContext.probes),
      recallAt5: pct(byContext.at5, byContext.probes),
    },
    missesByIdentifier: misses.slice(0, 20),
  },
  openingRequest: {
    conversations: opening.conversations,
    argumentValues: opening.values,
    recallAt5: pct(opening.found, opening.values),
    /** The same with `scoreToolResultsByRound: false` (plain BM25 per message). */
    recallAt5WithoutRoundScores: pct(opening.foundPlain, opening.values),
  },
  latency: {
    indexedMessages: pool.length,
    queries: allQueries.length,
    contextSearch: {
      indexMs: Math.round(indexMs),
      medianMs: round3(median(contextLatencies)),
      p95Ms: round3(percentile(contextLatencies, 95)),
      identifierQueries: {
        count: queries.length,
        medianMs: round3(median(contextById)),
        p95Ms: round3(percentile(contextById, 95)),
      },
      openingRequestQueries: {
        count: openingQueries.length,
        medianMs: round3(median(contextByOpening)),
        p95Ms: round3(percentile(contextByOpening, 95)),
      },
    },
    embeddedBackend: {
      indexMs: Math.round(backendIndexMs),
      medianMs: round3(median(backendLatencies)),
      p95Ms: round3(percentile(backendLatencies, 95)),
      identifierQueries: {
        medianMs: round3(median(backendById)),
        p95Ms: round3(percentile(backendById, 95)),
      },
      openingRequestQueries: {
        medianMs: round3(median(backendByOpening)),
        p95Ms: round3(percentile(backendByOpening, 95)),
      },
    },
  },
  probeSeconds: Math.round(probeSeconds),
  node: process.version,
};

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

console.log(
  `tau @ ${MAX_TOKEN}, ${conversations.length} conversations (${figures.probeSeconds} s)`,
);
console.log(
  `identifiers no longer visible, queried by the identifier: ${byIdentifier.probes} probes, recall@1 ${figures.identifierProbes.byIdentifier.recallAt1} %, recall@5 ${figures.identifierProbes.byIdentifier.recallAt5} % (goal ≥ 95 % @5)`,
);
console.log(
  `same identifiers, queried by the words around them: recall@1 ${figures.identifierProbes.byContextWords.recallAt1} %, recall@5 ${figures.identifierProbes.byContextWords.recallAt5} %`,
);
console.log(
  `opening request → ground-truth argument values in the top 5: ${opening.found}/${opening.values} = ${figures.openingRequest.recallAt5} % over ${opening.conversations} conversations (goal ≥ 80 %); without round scores ${figures.openingRequest.recallAt5WithoutRoundScores} %`,
);
console.log(
  `latency, context_search over ${pool.length} messages: index ${figures.latency.contextSearch.indexMs} ms, query median ${figures.latency.contextSearch.medianMs} ms, p95 ${figures.latency.contextSearch.p95Ms} ms (goal ≤ 10 ms median)`,
);
console.log(
  `  by query kind: ${queries.length} identifier queries median ${figures.latency.contextSearch.identifierQueries.medianMs} ms (p95 ${figures.latency.contextSearch.identifierQueries.p95Ms}), ${openingQueries.length} opening requests median ${figures.latency.contextSearch.openingRequestQueries.medianMs} ms (p95 ${figures.latency.contextSearch.openingRequestQueries.p95Ms})`,
);
console.log(
  `latency, embedded backend over ${records.length} records: index ${figures.latency.embeddedBackend.indexMs} ms, query median ${figures.latency.embeddedBackend.medianMs} ms, p95 ${figures.latency.embeddedBackend.p95Ms} ms`,
);
if (misses.length > 0)
  console.log(`first misses: ${misses.slice(0, 5).join('; ')}`);
if (limit === undefined) {
  writeResult('retrieval.json', figures);
  console.log('wrote bench/results/retrieval.json');
}
