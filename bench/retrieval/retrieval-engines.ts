/**
 * Which full-text engine backs context_search and the embedded long-term
 * backend (ADR docs/decisions/2026-11-26-long-term-memory-backends.md):
 * ACM's own incremental BM25 index against minisearch, flexsearch,
 * wink-bm25-text-search and @orama/orama, on the same documents, the same
 * terms (every engine gets core's tokenizeForSearch output, so the ranking
 * and the index are compared, not tokenizers) and the probes of
 * bench/retrieval/retrieval.ts:
 * - identifier recall@5: each identifier a later assistant turn uses that an
 *   earlier message holds, queried by itself, among the earlier messages;
 * - opening-request recall@5: argument values of the ground-truth actions
 *   held by the top 5 for the customer's first message;
 * - at 10 000 messages (tau + SWE): time to index, query median / p95,
 *   whether documents can be added after searching (incremental).
 *
 *   cd bench && npx tsx --conditions=@acm/source retrieval/retrieval-engines.ts [--limit N] [--engines acm-bm25,minisearch]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Message } from '@acm/core';
import { createFullTextIndex, tokenizeForSearch } from '@acm/core/long-term';
import { loadSharedConversations } from '@acm/core/testing';
import { create, insert, search as oramaSearch } from '@orama/orama';
import FlexSearch from 'flexsearch';
import MiniSearch from 'minisearch';
import bm25 from 'wink-bm25-text-search';
import {
  benchText,
  extractBenchIdentifiers,
  loadTau,
  median,
  openingProbe,
  percentile,
} from '../lib/retrieval-probes';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { writeResult } from '../lib/write-result';

const { values } = parseArgs({
  options: { limit: { type: 'string' }, engines: { type: 'string' } },
});
const only = values.engines?.split(',');
const limit = values.limit === undefined ? undefined : Number(values.limit);

interface Engine {
  /** Indexes every document; then `query` may be called. */
  build(
    documents: readonly { id: string; text: string }[],
  ): void | Promise<void>;
  query(text: string, count: number): string[] | Promise<string[]>;
}

const terms = (text: string) => tokenizeForSearch(text).join(' ');
const split = (text: string) => text.split(' ').filter(Boolean);

const ENGINES: Record<string, { incremental: boolean; make: () => Engine }> = {
  'acm-bm25': {
    incremental: true,
    make: () => {
      const index = createFullTextIndex();
      return {
        build(documents) {
          for (const d of documents) index.add(d.id, d.text);
        },
        query(text, count) {
          return index.search(text, count).map((m) => m.id);
        },
      };
    },
  },
  minisearch: {
    incremental: true,
    make: () => {
      const index = new MiniSearch<{ id: string; text: string }>({
        fields: ['text'],
        tokenize: split,
        processTerm: (term) => term,
      });
      return {
        build(documents) {
          index.addAll(
            documents.map((d) => ({ id: d.id, text: terms(d.text) })),
          );
        },
        query(text, count) {
          return index
            .search(terms(text), { combineWith: 'OR' })
            .slice(0, count)
            .map((r) => String(r.id));
        },
      };
    },
  },
  flexsearch: {
    incremental: true,
    make: () => {
      const index = new FlexSearch.Index({ tokenize: 'strict', encode: split });
      return {
        build(documents) {
          for (const d of documents) index.add(d.id, terms(d.text));
        },
        query(text, count) {
          const query = terms(text);
          if (query === '') return [];
          return (
            index.search(query, { limit: count, suggest: true }) as string[]
          ).map(String);
        },
      };
    },
  },
  'wink-bm25': {
    incremental: false,
    make: () => {
      const engine = bm25();
      engine.defineConfig({ fldWeights: { text: 1 } });
      engine.definePrepTasks([split]);
      let ready = false;
      return {
        build(documents) {
          documents.forEach((d) =>
            engine.addDoc({ text: terms(d.text) }, d.id),
          );
          if (documents.length >= 3) {
            engine.consolidate();
            ready = true;
          }
        },
        query(text, count) {
          if (!ready) return [];
          return engine.search(terms(text), count).map(([id]) => String(id));
        },
      };
    },
  },
  orama: {
    incremental: true,
    make: () => {
      const db = create({
        schema: { text: 'string' } as const,
        components: {
          tokenizer: {
            language: 'english',
            normalizationCache: new Map(),
            tokenize: (raw: string) => split(raw),
          },
        },
      });
      return {
        async build(documents) {
          for (const d of documents)
            await insert(db, { id: d.id, text: terms(d.text) });
        },
        async query(text, count) {
          const query = terms(text);
          if (query === '') return [];
          const result = await oramaSearch(db, { term: query, limit: count });
          return result.hits.map((hit) => String(hit.id));
        },
      };
    },
  },
};

// ---- probes ----------------------------------------------------------------------
const conversations = loadTau(limit);
interface ConversationProbes {
  documents: { id: string; text: string; index: number }[];
  identifiers: { identifier: string; before: number }[];
  opening?: { query: string; values: readonly string[]; openingId: string };
}
const probes: ConversationProbes[] = conversations.map((replayed) => {
  const documents = replayed.messages
    .map((message, index) => ({
      id: message.id,
      text: benchText(message),
      index,
      role: message.role,
    }))
    .filter((d) => d.role !== 'system');
  const identifiers: { identifier: string; before: number }[] = [];
  replayed.messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const earlier = documents
      .filter((d) => d.index < index)
      .map((d) => d.text)
      .join('\n');
    for (const identifier of extractBenchIdentifiers(benchText(message))) {
      if (earlier.includes(identifier))
        identifiers.push({ identifier, before: index });
    }
  });
  const probe = openingProbe(replayed);
  const openingId = replayed.messages.find((m) => m.role === 'user')?.id ?? '';
  return {
    documents,
    identifiers,
    ...(probe === undefined
      ? {}
      : { opening: { query: probe.query, values: probe.values, openingId } }),
  };
});

// ---- latency pool ------------------------------------------------------------------
const pool: { id: string; text: string }[] = [];
for (const dataset of ['tau', 'swe'] as const) {
  for (const conversation of loadSharedConversations({ dataset })) {
    const messages: readonly Message[] = fromSharedMessages(
      conversation.messages,
    );
    for (const message of messages) {
      if (pool.length >= 10_000) break;
      pool.push({
        id: `${conversation.id}/${message.id}`,
        text: benchText(message),
      });
    }
  }
}
const latencyQueries = [
  ...[...new Set(pool.flatMap((d) => extractBenchIdentifiers(d.text)))]
    .filter((_, i) => i % 7 === 0)
    .slice(0, 300),
  ...probes
    .flatMap((p) => (p.opening ? [p.opening.query.slice(0, 400)] : []))
    .slice(0, 100),
];

const report: Record<string, unknown> = {};
for (const [name, { incremental, make }] of Object.entries(ENGINES)) {
  if (only !== undefined && !only.includes(name)) continue;
  let idProbes = 0;
  let idFound = 0;
  let openingValues = 0;
  let openingFound = 0;
  for (const conversation of probes) {
    const engine = make();
    await engine.build(conversation.documents);
    const byId = new Map(conversation.documents.map((d) => [d.id, d]));
    for (const { identifier, before } of conversation.identifiers) {
      idProbes++;
      const hits = (await engine.query(identifier, 50))
        .map((id) => byId.get(id)!)
        .filter((d) => d !== undefined && d.index < before)
        .slice(0, 5);
      if (hits.some((d) => d.text.includes(identifier))) idFound++;
    }
    if (conversation.opening !== undefined) {
      const { query, values: expected, openingId } = conversation.opening;
      const hits = (await engine.query(query.slice(0, 4000), 6))
        .filter((id) => id !== openingId)
        .slice(0, 5)
        .map((id) => byId.get(id)?.text ?? '');
      for (const value of expected) {
        openingValues++;
        if (hits.some((text) => text.includes(value))) openingFound++;
      }
    }
  }
  const engine = make();
  let t0 = performance.now();
  await engine.build(pool);
  const indexMs = performance.now() - t0;
  const latencies: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const query of latencyQueries) {
      t0 = performance.now();
      await engine.query(query, 5);
      latencies.push(performance.now() - t0);
    }
  }
  const figures = {
    identifierRecallAt5: Math.round((1000 * idFound) / idProbes) / 10,
    identifierProbes: idProbes,
    openingRecallAt5: Math.round((1000 * openingFound) / openingValues) / 10,
    openingValues,
    indexMs10k: Math.round(indexMs),
    queryMedianMs10k: Math.round(median(latencies) * 1000) / 1000,
    queryP95Ms10k: Math.round(percentile(latencies, 95) * 1000) / 1000,
    incremental,
  };
  report[name] = figures;
  console.log(
    `${name.padEnd(10)} id@5 ${figures.identifierRecallAt5} % (${idProbes}), opening@5 ${figures.openingRecallAt5} % (${openingValues}), 10k: index ${figures.indexMs10k} ms, query median ${figures.queryMedianMs10k} ms, p95 ${figures.queryP95Ms10k} ms, incremental ${incremental}`,
  );
}
if (limit === undefined && only === undefined) {
  writeResult('retrieval-engines.json', {
    conversations: conversations.length,
    engines: report,
    node: process.version,
  });
  console.log('wrote bench/results/retrieval-engines.json');
}
