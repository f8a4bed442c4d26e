import type {
  Share,
  SimulationFigures,
  SimulationResult,
} from './simulation-result';

/** `0.9612` → `96.1 %`; `null` → `—`. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)} %`;
}

/** `12345` → `12,345`. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function formatShare(share: Share): string {
  return `${formatPercent(share.share)} (${formatCount(share.part)}/${formatCount(share.total)})`;
}

function renderTable(rows: readonly (readonly [string, string])[]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows
    .map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)
    .join('\n');
}

/** The figures as `label  value` lines. */
export function formatFigures(figures: SimulationFigures): string {
  const totalSaved = Object.values(figures.strategies).reduce(
    (sum, value) => sum + value.tokensSaved,
    0,
  );
  const strategies = Object.entries(figures.strategies).map(
    ([name, value]) =>
      [
        `  ${name}`,
        `${plural(value.passes, 'pass', 'passes')}${value.failedPasses > 0 ? ` (+${value.failedPasses} failed)` : ''}${value.deferredPasses > 0 ? ` (+${value.deferredPasses} deferred)` : ''}, ${plural(value.events, 'event', 'events')}, ${formatCount(value.tokensSaved)} tokens saved (${formatPercent(totalSaved === 0 ? null : value.tokensSaved / totalSaved)})`,
      ] as const,
  );
  const depth = figures.reloadDepth;
  return renderTable([
    ['turns', formatCount(figures.turns)],
    [
      'peak input tokens',
      `raw ${formatCount(figures.peakRawTokens)} → managed ${formatCount(figures.peakManagedTokens)}`,
    ],
    [
      'cumulative input tokens',
      `raw ${formatCount(figures.cumulativeRawTokens)} → managed ${formatCount(figures.cumulativeManagedTokens)} (${formatPercent(figures.cumulativeSavings)} saved)`,
    ],
    ['turns within budget', formatShare(figures.withinBudget)],
    ['prompt-prefix reuse', formatShare(figures.prefixReuse)],
    ['identifier retention', formatShare(figures.identifierRetention)],
    [
      '  without identifier lists',
      formatShare(figures.identifierRetentionWithoutLists),
    ],
    ...(figures.groundTruthVisibility.total === 0
      ? []
      : ([
          [
            'ground-truth arguments visible',
            `${formatShare(figures.groundTruthVisibility)} on ${formatCount(figures.compressedTurns)} compressed turns`,
          ],
          [
            '  without identifier lists',
            formatShare(figures.groundTruthVisibilityWithoutLists),
          ],
        ] as const)),
    ['identifier lists in managed tokens', formatShare(figures.listTokenShare)],
    [
      'task visible verbatim (compressed turns)',
      formatShare(figures.taskVisibility),
    ],
    [
      'reload depth (final state)',
      `max ${depth.max}, p95 ${depth.p95}, ≥ 3 calls ${formatShare(depth.atLeast3)}${depth.unreachable > 0 ? `, ${formatCount(depth.unreachable)} unreachable` : ''}; max at any turn ${depth.maxOverTurns}`,
    ],
    ['reload exactness', formatShare(figures.reloadExactness)],
    [
      'contract violations',
      `${formatCount(figures.contractViolations)} (${formatCount(figures.budgetViolations)} turns over budget not excused by the protected set${figures.worstBudgetRatio === null ? '' : `, worst ${figures.worstBudgetRatio.toFixed(2)}×`})`,
    ],
    [
      'passes / events',
      `${formatCount(figures.passes)} / ${formatCount(figures.events)}`,
    ],
    ...strategies,
    [
      'compressIfNeeded per turn',
      `median ${figures.compressMsMedian.toFixed(2)} ms, p95 ${figures.compressMsP95.toFixed(2)} ms`,
    ],
  ]);
}

/** The text `acm simulate` prints: one table per conversation, then the aggregate. */
export function formatResult(result: SimulationResult): string {
  const sections = result.conversations.map(
    (conversation) =>
      `${conversation.id} (${conversation.messageCount} messages)\n${formatFigures(conversation.figures)}`,
  );
  sections.push(
    `All ${result.aggregate.conversations} conversation${result.aggregate.conversations === 1 ? '' : 's'} (budget ${formatCount(result.config.maxToken)} tokens, mode ${result.config.mode}, ${result.summarizer} summarizer, ${result.counter} counter)\n${formatFigures(result.aggregate)}`,
  );
  return `${sections.join('\n\n')}\n`;
}

function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
