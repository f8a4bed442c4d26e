import type { PassReport } from '@acm/core';
import { STRATEGY_NAMES } from '@acm/core/adapter';
import type { StrategyName } from '@acm/core';
import type { ReloadDepth } from './measure-reload-depth';
import type { ReloadExactness } from './measure-reload-exactness';
import type {
  ConversationResult,
  EventRecord,
  ReloadDepthFigures,
  Share,
  SimulationFigures,
  StrategyFigures,
  TurnRecord,
} from './simulation-result';

/** A `Share` of `part` out of `total` (`share` is `null` when `total` is 0). */
export function toShare(part: number, total: number): Share {
  return { part, total, share: total === 0 ? null : part / total };
}

export interface ComputeFiguresOptions {
  readonly turns: readonly TurnRecord[];
  readonly events: readonly EventRecord[];
  /** Every pass attempted, in order. */
  readonly passes: readonly {
    readonly strategy: StrategyName;
    readonly outcome: PassReport['outcome'];
    readonly calls: number;
  }[];
  /** Per-turn `compressIfNeeded` times, milliseconds. */
  readonly compressMs: readonly number[];
  /** Violations `checkStateContract` found (budget violations are added from `turns`). */
  readonly contractViolations: number;
  readonly reload: ReloadExactness;
  /** @default no originals */
  readonly reloadDepth?: ReloadDepth;
  /** The budget, for `worstBudgetRatio`. @default Infinity */
  readonly maxToken?: number;
  readonly summarizerInputTokens: number;
  readonly summarizerOutputTokens: number;
}

/** The figures of one replayed conversation. */
export function computeFigures({
  turns,
  events,
  passes,
  compressMs,
  contractViolations,
  reload,
  reloadDepth = { histogram: [], unreachable: 0 },
  maxToken = Number.POSITIVE_INFINITY,
  summarizerInputTokens,
  summarizerOutputTokens,
}: ComputeFiguresOptions): SimulationFigures {
  const strategies: Partial<Record<StrategyName, StrategyFigures>> = {};
  const entry = (strategy: StrategyName) =>
    (strategies[strategy] ??= {
      passes: 0,
      failedPasses: 0,
      deferredPasses: 0,
      events: 0,
      tokensSaved: 0,
      summarizerCalls: 0,
    });
  for (const pass of passes) {
    const figures = entry(pass.strategy);
    strategies[pass.strategy] = {
      ...figures,
      passes: figures.passes + (pass.outcome === 'applied' ? 1 : 0),
      failedPasses:
        figures.failedPasses +
        (pass.outcome === 'failed' || pass.outcome === 'aborted' ? 1 : 0),
      deferredPasses:
        figures.deferredPasses + (pass.outcome === 'deferred' ? 1 : 0),
      summarizerCalls: figures.summarizerCalls + pass.calls,
    };
  }
  for (const event of events) {
    if (event.outcome !== 'applied') continue;
    const figures = entry(event.strategy);
    strategies[event.strategy] = {
      ...figures,
      events: figures.events + 1,
      tokensSaved: figures.tokensSaved + event.tokensBefore - event.tokensAfter,
    };
  }
  let cumulativeRawTokens = 0;
  let cumulativeManagedTokens = 0;
  let peakRawTokens = 0;
  let peakManagedTokens = 0;
  let withinBudget = 0;
  let reused = 0;
  let comparisons = 0;
  let identifiersEarlier = 0;
  let identifiersRetained = 0;
  let identifiersRetainedWithoutLists = 0;
  let compressedTurns = 0;
  let groundTruthEarlier = 0;
  let groundTruthVisible = 0;
  let groundTruthVisibleWithoutLists = 0;
  let listTokens = 0;
  let taskEligible = 0;
  let taskVisible = 0;
  let budgetViolations = 0;
  let worstBudgetRatio: number | null = null;
  for (const turn of turns) {
    identifiersRetainedWithoutLists += turn.identifiersRetainedWithoutLists;
    listTokens += turn.listTokens;
    if (turn.compressed) {
      compressedTurns += 1;
      groundTruthEarlier += turn.groundTruthEarlier;
      groundTruthVisible += turn.groundTruthVisible;
      groundTruthVisibleWithoutLists += turn.groundTruthVisibleWithoutLists;
    }
    if (turn.taskVisible !== null && turn.compressed) {
      taskEligible += 1;
      if (turn.taskVisible) taskVisible += 1;
    }
    if (turn.unexcusedOverBudget) {
      budgetViolations += 1;
      const ratio = turn.managedTokens / maxToken;
      worstBudgetRatio = Math.max(worstBudgetRatio ?? 0, ratio);
    }
    cumulativeRawTokens += turn.rawTokens;
    cumulativeManagedTokens += turn.managedTokens;
    peakRawTokens = Math.max(peakRawTokens, turn.rawTokens);
    peakManagedTokens = Math.max(peakManagedTokens, turn.managedTokens);
    if (turn.withinBudget) withinBudget += 1;
    if (turn.prefixReused !== null) {
      comparisons += 1;
      if (turn.prefixReused) reused += 1;
    }
    identifiersEarlier += turn.identifiersEarlier;
    identifiersRetained += turn.identifiersRetained;
  }
  return {
    conversations: 1,
    turns: turns.length,
    peakRawTokens,
    peakManagedTokens,
    cumulativeRawTokens,
    cumulativeManagedTokens,
    cumulativeSavings:
      cumulativeRawTokens === 0
        ? null
        : 1 - cumulativeManagedTokens / cumulativeRawTokens,
    withinBudget: toShare(withinBudget, turns.length),
    prefixReuse: toShare(reused, comparisons),
    identifierRetention: toShare(identifiersRetained, identifiersEarlier),
    identifierRetentionWithoutLists: toShare(
      identifiersRetainedWithoutLists,
      identifiersEarlier,
    ),
    compressedTurns,
    groundTruthVisibility: toShare(groundTruthVisible, groundTruthEarlier),
    groundTruthVisibilityWithoutLists: toShare(
      groundTruthVisibleWithoutLists,
      groundTruthEarlier,
    ),
    listTokenShare: toShare(
      listTokens,
      turns.reduce((sum, turn) => sum + turn.managedTokens, 0),
    ),
    taskVisibility: toShare(taskVisible, taskEligible),
    budgetViolations,
    worstBudgetRatio,
    reloadDepth: toReloadDepthFigures(
      reloadDepth.histogram,
      reloadDepth.unreachable,
      turns.reduce((most, turn) => Math.max(most, turn.reloadDepthMax ?? 0), 0),
    ),
    reloadExactness: toShare(reload.exact, reload.reachable),
    contractViolations: contractViolations + budgetViolations,
    compressionCalls: compressMs.length,
    passes: passes.length,
    events: events.filter((event) => event.outcome === 'applied').length,
    strategies: ordered(strategies),
    compressMsMedian: percentile(compressMs, 0.5),
    compressMsP95: percentile(compressMs, 0.95),
    summarizerInputTokens,
    summarizerOutputTokens,
  };
}

/** The figures of several conversations together: sums, maxima, and shares over the pooled counts. */
export function aggregateFigures(
  conversations: readonly ConversationResult[],
): SimulationFigures {
  const all = conversations.map((conversation) => conversation.figures);
  const sum = (pick: (figures: SimulationFigures) => number) =>
    all.reduce((total, figures) => total + pick(figures), 0);
  const pool = (pick: (figures: SimulationFigures) => Share) =>
    toShare(
      sum((figures) => pick(figures).part),
      sum((figures) => pick(figures).total),
    );
  const strategies: Partial<Record<StrategyName, StrategyFigures>> = {};
  for (const figures of all) {
    for (const [name, value] of Object.entries(figures.strategies)) {
      const strategy = name as StrategyName;
      const current = strategies[strategy];
      strategies[strategy] =
        current === undefined
          ? value
          : {
              passes: current.passes + value.passes,
              failedPasses: current.failedPasses + value.failedPasses,
              deferredPasses: current.deferredPasses + value.deferredPasses,
              events: current.events + value.events,
              tokensSaved: current.tokensSaved + value.tokensSaved,
              summarizerCalls: current.summarizerCalls + value.summarizerCalls,
            };
    }
  }
  const compressMs = conversations.flatMap((conversation) =>
    conversation.turns.map((turn) => turn.compressMs),
  );
  const cumulativeRawTokens = sum((figures) => figures.cumulativeRawTokens);
  const cumulativeManagedTokens = sum(
    (figures) => figures.cumulativeManagedTokens,
  );
  return {
    conversations: all.length,
    turns: sum((figures) => figures.turns),
    peakRawTokens: Math.max(0, ...all.map((figures) => figures.peakRawTokens)),
    peakManagedTokens: Math.max(
      0,
      ...all.map((figures) => figures.peakManagedTokens),
    ),
    cumulativeRawTokens,
    cumulativeManagedTokens,
    cumulativeSavings:
      cumulativeRawTokens === 0
        ? null
        : 1 - cumulativeManagedTokens / cumulativeRawTokens,
    withinBudget: pool((figures) => figures.withinBudget),
    prefixReuse: pool((figures) => figures.prefixReuse),
    identifierRetention: pool((figures) => figures.identifierRetention),
    identifierRetentionWithoutLists: pool(
      (figures) => figures.identifierRetentionWithoutLists,
    ),
    compressedTurns: sum((figures) => figures.compressedTurns),
    groundTruthVisibility: pool((figures) => figures.groundTruthVisibility),
    groundTruthVisibilityWithoutLists: pool(
      (figures) => figures.groundTruthVisibilityWithoutLists,
    ),
    listTokenShare: pool((figures) => figures.listTokenShare),
    taskVisibility: pool((figures) => figures.taskVisibility),
    budgetViolations: sum((figures) => figures.budgetViolations),
    worstBudgetRatio: all.reduce<number | null>(
      (worst, figures) =>
        figures.worstBudgetRatio === null
          ? worst
          : Math.max(worst ?? 0, figures.worstBudgetRatio),
      null,
    ),
    reloadDepth: toReloadDepthFigures(
      addHistograms(all.map((figures) => figures.reloadDepth.histogram)),
      sum((figures) => figures.reloadDepth.unreachable),
      Math.max(0, ...all.map((figures) => figures.reloadDepth.maxOverTurns)),
    ),
    reloadExactness: pool((figures) => figures.reloadExactness),
    contractViolations: sum((figures) => figures.contractViolations),
    compressionCalls: sum((figures) => figures.compressionCalls),
    passes: sum((figures) => figures.passes),
    events: sum((figures) => figures.events),
    strategies: ordered(strategies),
    compressMsMedian: percentile(compressMs, 0.5),
    compressMsP95: percentile(compressMs, 0.95),
    summarizerInputTokens: sum((figures) => figures.summarizerInputTokens),
    summarizerOutputTokens: sum((figures) => figures.summarizerOutputTokens),
  };
}

/** Reload-depth figures from a histogram (`histogram[d]` originals at depth `d`). */
export function toReloadDepthFigures(
  histogram: readonly number[],
  unreachable: number,
  maxOverTurns = 0,
): ReloadDepthFigures {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  let max = 0;
  histogram.forEach((count, depth) => {
    if (count > 0) max = depth;
  });
  let p95 = 0;
  const rank = Math.max(1, Math.ceil(0.95 * total));
  let seen = 0;
  for (const [depth, count] of histogram.entries()) {
    seen += count;
    if (seen >= rank) {
      p95 = depth;
      break;
    }
  }
  const atLeast3 = histogram.slice(3).reduce((sum, count) => sum + count, 0);
  return {
    histogram: [...histogram],
    max,
    p95: total === 0 ? 0 : p95,
    atLeast3: toShare(atLeast3, total),
    unreachable,
    maxOverTurns: Math.max(maxOverTurns, max),
  };
}

function addHistograms(histograms: readonly (readonly number[])[]): number[] {
  const result: number[] = [];
  for (const histogram of histograms) {
    histogram.forEach((count, depth) => {
      result[depth] = (result[depth] ?? 0) + count;
    });
  }
  return Array.from(result, (count) => count ?? 0);
}

/** The `fraction` percentile (nearest rank) of `values`, 0 for none. */
export function percentile(
  values: readonly number[],
  fraction: number,
): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.min(
    sorted.length - 1,
    Math.max(0, Math.ceil(fraction * sorted.length) - 1),
  );
  return sorted[rank]!;
}

function ordered(
  strategies: Partial<Record<StrategyName, StrategyFigures>>,
): Partial<Record<StrategyName, StrategyFigures>> {
  const result: Partial<Record<StrategyName, StrategyFigures>> = {};
  for (const name of STRATEGY_NAMES) {
    const figures = strategies[name];
    if (figures !== undefined) result[name] = figures;
  }
  return result;
}
