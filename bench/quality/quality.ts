/**
 * The quality figures of issue #11's "Done when" table, measured the way a
 * new user would: `simulate` from `@acm/cli` (what `acm simulate` runs) on the
 * real conversations of shared/data, default config except `maxToken`,
 * default extractive summarizer, the CLI's default exact counter (o200k_base), every
 * check on. SWE at 14000 and 6000, tau at 3000 and 2000. Every figure comes
 * from the managed prompts replayed through the public API, with the CLI's
 * own probes (not core's ledger extractor), so it keeps its meaning while
 * core changes.
 *
 *   cd bench && npx tsx --conditions=@acm/source quality/quality.ts [--limit N] [--label TEXT] [--out FILE]
 *
 * `--limit N` replays the first N conversations of each dataset (a quick
 * check); the figures in docs/benchmarks.md are from the whole data.
 * `--before FILE` adds a column with the figures of an earlier run (e.g.
 * `results/quality.before.json`, the baseline of main before issue #11).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { findSharedDataDir } from '@acm/core/testing';
import { formatPercent } from '@acm/cli';
import type { InputConversation, SimulationFigures } from '@acm/cli';
import { resultsDirectory } from '../lib/paths';
import { readDataset } from '../lib/read-dataset';
import { simulateReplay } from '../lib/simulate-replay';
import { describeCheckout } from '../lib/describe-checkout';

const { values } = parseArgs({
  options: {
    limit: { type: 'string' },
    label: { type: 'string' },
    out: { type: 'string' },
    data: { type: 'string' },
    before: { type: 'string' },
  },
});
const limit = values.limit === undefined ? undefined : Number(values.limit);
if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) {
  throw new Error(
    `--limit must be a whole number of 1 or more, received ${values.limit}`,
  );
}

interface Run {
  readonly dataset: 'swe' | 'tau';
  readonly maxToken: number;
}

const RUNS: readonly Run[] = [
  { dataset: 'swe', maxToken: 14000 },
  { dataset: 'swe', maxToken: 6000 },
  { dataset: 'tau', maxToken: 3000 },
  { dataset: 'tau', maxToken: 2000 },
];

async function main(): Promise<void> {
  const startedAt = performance.now();
  const dataDir =
    values.data === undefined ? findSharedDataDir() : resolve(values.data);
  const data: Record<'swe' | 'tau', InputConversation[]> = {
    swe: await readDataset('swe', dataDir),
    tau: await readDataset('tau', dataDir),
  };
  if (limit !== undefined) {
    data.swe = data.swe.slice(0, limit);
    data.tau = data.tau.slice(0, limit);
  }
  let counterName = '';
  const results: {
    run: Run;
    seconds: number;
    figures: SimulationFigures;
    perConversation: unknown[];
  }[] = [];
  for (const run of RUNS) {
    process.stderr.write(
      `${run.dataset} @ ${run.maxToken}: ${data[run.dataset].length} conversations…\n`,
    );
    const started = performance.now();
    const result = await simulateReplay({
      conversations: data[run.dataset],
      maxToken: run.maxToken,
    });
    counterName = result.counter;
    results.push({
      run,
      seconds: (performance.now() - started) / 1000,
      figures: result.aggregate,
      perConversation: result.conversations.map((conversation) => ({
        id: conversation.id,
        turns: conversation.figures.turns,
        budgetViolations: conversation.figures.budgetViolations,
        worstBudgetRatio: conversation.figures.worstBudgetRatio,
        taskVisibility: conversation.figures.taskVisibility.share,
        identifierRetentionWithoutLists:
          conversation.figures.identifierRetentionWithoutLists.share,
        groundTruthVisibilityWithoutLists:
          conversation.figures.groundTruthVisibilityWithoutLists.share,
        reloadDepthMax: conversation.figures.reloadDepth.max,
        reloadDepthMaxOverTurns: conversation.figures.reloadDepth.maxOverTurns,
        contractViolations: conversation.figures.contractViolations,
      })),
    });
  }
  const at = (dataset: 'swe' | 'tau', maxToken: number) =>
    results.find(
      (entry) =>
        entry.run.dataset === dataset && entry.run.maxToken === maxToken,
    )!.figures;
  const swe14 = at('swe', 14000);
  const swe6 = at('swe', 6000);
  const tau3 = at('tau', 3000);
  const tau2 = at('tau', 2000);
  const pct = (value: number | null) => formatPercent(value);
  const lastResortShare = (figures: SimulationFigures) => {
    const total = Object.values(figures.strategies).reduce(
      (sum, value) => sum + value.tokensSaved,
      0,
    );
    return total === 0
      ? null
      : (figures.strategies.lastResort?.tokensSaved ?? 0) / total;
  };
  const meets = (ok: boolean) => (ok ? 'met' : 'not met');
  const atLeast = (value: number | null, goal: number) =>
    value !== null && value >= goal;
  const atMost = (value: number | null, goal: number) =>
    value !== null && value <= goal;
  const rows: {
    figure: string;
    measured: string;
    goal: string;
    status: string;
  }[] = [
    {
      figure:
        'SWE @ 14000: first user message verbatim, compressed turns where it is ≤ 25 % of budget',
      measured: `${pct(swe14.taskVisibility.share)} (${swe14.taskVisibility.part}/${swe14.taskVisibility.total})`,
      goal: '100 %',
      status: meets(swe14.taskVisibility.share === 1),
    },
    {
      figure:
        'SWE @ 14000 / 6000: identifier retention, identifier-list text excluded (counted)',
      measured: `${pct(swe14.identifierRetentionWithoutLists.share)} / ${pct(swe6.identifierRetentionWithoutLists.share)} (${pct(swe14.identifierRetention.share)} / ${pct(swe6.identifierRetention.share)})`,
      goal: '≥ 95 / ≥ 88 %',
      status: meets(
        atLeast(swe14.identifierRetentionWithoutLists.share, 0.95) &&
          atLeast(swe6.identifierRetentionWithoutLists.share, 0.88),
      ),
    },
    {
      figure:
        'tau @ 3000 / 2000: ground-truth action arguments visible (lists excluded), compressed turns (counted)',
      measured: `${pct(tau3.groundTruthVisibilityWithoutLists.share)} / ${pct(tau2.groundTruthVisibilityWithoutLists.share)} (${pct(tau3.groundTruthVisibility.share)} / ${pct(tau2.groundTruthVisibility.share)}; ${tau3.compressedTurns} / ${tau2.compressedTurns} turns)`,
      goal: '≥ 85 / ≥ 75 %',
      status: meets(
        atLeast(tau3.groundTruthVisibilityWithoutLists.share, 0.85) &&
          atLeast(tau2.groundTruthVisibilityWithoutLists.share, 0.75),
      ),
    },
    {
      figure:
        'ledger / identifier-list share of managed tokens, SWE @ 14000 / 6000',
      measured: `${pct(swe14.listTokenShare.share)} / ${pct(swe6.listTokenShare.share)}`,
      goal: '≤ 3 / ≤ 5 %',
      status: meets(
        atMost(swe14.listTokenShare.share, 0.03) &&
          atMost(swe6.listTokenShare.share, 0.05),
      ),
    },
    {
      figure: 'prompt-prefix reuse, SWE @ 14000 / 6000, default mode',
      measured: `${pct(swe14.prefixReuse.share)} / ${pct(swe6.prefixReuse.share)}`,
      goal: '≥ 93 / ≥ 85 %',
      status: meets(
        atLeast(swe14.prefixReuse.share, 0.93) &&
          atLeast(swe6.prefixReuse.share, 0.85),
      ),
    },
    {
      figure: 'cumulative input savings, SWE @ 14000 / 6000, tau @ 2000',
      measured: `${pct(swe14.cumulativeSavings)} / ${pct(swe6.cumulativeSavings)} / ${pct(tau2.cumulativeSavings)}`,
      goal: '≥ 48 / ≥ 70 / ≥ 18 %',
      status: meets(
        atLeast(swe14.cumulativeSavings, 0.48) &&
          atLeast(swe6.cumulativeSavings, 0.7) &&
          atLeast(tau2.cumulativeSavings, 0.18),
      ),
    },
    {
      figure:
        'turns over budget not excused by the protected set, SWE 14000 / 6000, tau 3000 / 2000 (worst ×budget)',
      measured: [swe14, swe6, tau3, tau2]
        .map(
          (figures) =>
            `${figures.budgetViolations}${figures.worstBudgetRatio === null ? '' : ` (${figures.worstBudgetRatio.toFixed(2)}×)`}`,
        )
        .join(' / '),
      goal: '0',
      status: meets(
        [swe14, swe6, tau3, tau2].every(
          (figures) => figures.budgetViolations === 0,
        ),
      ),
    },
    {
      figure:
        'context_reload calls to reach an original, SWE @ 6000: max at any turn; final state max / p95 (share ≥ 3)',
      measured: `${swe6.reloadDepth.maxOverTurns}; ${swe6.reloadDepth.max} / ${swe6.reloadDepth.p95} (${pct(swe6.reloadDepth.atLeast3.share)})`,
      goal: 'max ≤ 2',
      status: meets(
        swe6.reloadDepth.max <= 2 && swe6.reloadDepth.unreachable === 0,
      ),
    },
    {
      figure: 'share of tokens saved by lastResort, tau @ 2000',
      measured: pct(lastResortShare(tau2)),
      goal: '≤ 20 %',
      status: meets(atMost(lastResortShare(tau2), 0.2)),
    },
    {
      figure:
        'contract violations from checkStateContract (all four runs), reload exactness',
      measured: `${[swe14, swe6, tau3, tau2].map((figures) => figures.contractViolations - figures.budgetViolations).join(' / ')}, ${[swe14, swe6, tau3, tau2].map((figures) => pct(figures.reloadExactness.share)).join(' / ')}`,
      goal: '0, 100 %',
      status: meets(
        [swe14, swe6, tau3, tau2].every(
          (figures) =>
            figures.contractViolations === figures.budgetViolations &&
            (figures.reloadExactness.total === 0 ||
              figures.reloadExactness.share === 1),
        ),
      ),
    },
  ];

  const label = values.label ?? describeCheckout();
  const output = {
    label,
    command: `cd bench && npx tsx --conditions=@acm/source quality/quality.ts${limit === undefined ? '' : ` --limit ${limit}`}`,
    counter: counterName,
    summarizer: 'extractive',
    config: 'default except maxToken',
    limit: limit ?? null,
    machine: {
      node: process.version,
      cpus: cpus().length,
      loadAverage1m: loadavg()[0],
    },
    rows,
    runs: results.map(({ run, seconds, figures, perConversation }) => ({
      dataset: run.dataset,
      maxToken: run.maxToken,
      conversations: figures.conversations,
      seconds,
      figures,
      perConversation,
    })),
    durationSeconds: (performance.now() - startedAt) / 1000,
  };
  const outPath =
    values.out === undefined
      ? join(
          resultsDirectory,
          limit === undefined ? 'quality.json' : 'quality.sample.json',
        )
      : resolve(values.out);
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileSync(outPath, `${JSON.stringify(output, null, 2)}\n`);

  const before =
    values.before === undefined
      ? undefined
      : (JSON.parse(readFileSync(resolve(values.before), 'utf8')) as {
          label: string;
          rows: { figure: string; measured: string }[];
        });
  const beforeOf = (figure: string) =>
    before?.rows.find((row) => row.figure === figure)?.measured ?? '—';
  const lines = [
    `Quality figures (issue #11 Done-when), ${label}: default config except maxToken, extractive summarizer, ${counterName} counter, ${limit === undefined ? 'all conversations' : `first ${limit} conversations of each dataset`}`,
    ...(before === undefined ? [] : [`before: ${before.label}`]),
    '',
    before === undefined
      ? '| figure | measured | goal | |'
      : '| figure | before | measured | goal | |',
    before === undefined ? '|---|---|---|---|' : '|---|---|---|---|---|',
    ...rows.map((row) =>
      before === undefined
        ? `| ${row.figure} | ${row.measured} | ${row.goal} | ${row.status} |`
        : `| ${row.figure} | ${beforeOf(row.figure)} | ${row.measured} | ${row.goal} | ${row.status} |`,
    ),
    '',
    ...results.map(
      ({ run, seconds, figures }) =>
        `${run.dataset} @ ${run.maxToken}: ${figures.conversations} conversations, ${figures.turns} turns (${figures.compressedTurns} compressed), ${seconds.toFixed(1)} s; task visible ${pct(figures.taskVisibility.share)}, list share ${pct(figures.listTokenShare.share)}, savings by strategy ${Object.entries(
          figures.strategies,
        )
          .map(([name, value]) => `${name} ${value.tokensSaved}`)
          .join(', ')}`,
    ),
    '',
    `Wrote ${outPath} (${output.durationSeconds.toFixed(0)} s)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
