import type { AutoContextConfig } from './config';

/**
 * What the engine and every list of strategies needs to know about one
 * strategy, as data. The planner itself is attached by name in
 * `STRATEGIES` (`default-strategy-order.ts`), typed so that a strategy
 * added here does not compile until it has one.
 *
 * ADR: docs/decisions/2026-11-26-core-shape.md
 */
export interface StrategyDescriptor {
  /** The strategy's name: its switch in `config.strategies`, its `strategy` in events and markers. */
  readonly name: string;
  /**
   * `'llm'`: plans summary tasks the summarizer runs (and has a prompt in
   * `customPrompt` under its name); `'deterministic'`: edits without an LLM.
   */
  readonly kind: 'llm' | 'deterministic';
  /**
   * When the engine runs it. `'walk'`: in the walk of one call, in the order
   * of `STRATEGY_DESCRIPTORS`; `'hard-budget'`: after the walk, only while
   * the prompt is still over `maxToken`.
   */
  readonly phase: 'walk' | 'hard-budget';
  /**
   * Whether it rewrites the current round: it runs under token pressure only
   * (message-count pressure alone never touches the current round), and below
   * the hard budget only when worth the cache rewrite
   * (`minCurrentRoundSavingsRatio`).
   */
  readonly currentRound: boolean;
  /** The configuration it reads besides its switch (and, for LLM strategies, its prompt). */
  readonly configKeys: readonly (keyof AutoContextConfig)[];
}

/**
 * Every strategy, in the default order (DESIGN §3.6): cheapest and oldest
 * first, `lastResort` last. The one list every other list derives from
 * (`STRATEGY_NAMES`, `DEFAULT_STRATEGY_ORDER`, `LLM_STRATEGY_NAMES`, the
 * config switches and prompt keys, the engine's walk).
 */
export const STRATEGY_DESCRIPTORS = [
  {
    name: 'rollupHistory',
    kind: 'llm',
    phase: 'walk',
    currentRound: false,
    configKeys: [
      'historyRollupKeepRecentRounds',
      'historyRollupKeepRecentTokens',
    ],
  },
  {
    name: 'compressToolRuns',
    kind: 'llm',
    phase: 'walk',
    currentRound: false,
    configKeys: [
      'lastKeep',
      'minConsecutiveToolMessages',
      'minCompressionTokenThreshold',
      'maxToolRunsPerPass',
    ],
  },
  {
    name: 'offloadLargeMessagesProtected',
    kind: 'deterministic',
    phase: 'walk',
    currentRound: false,
    configKeys: ['lastKeep', 'largePayloadThreshold', 'offloadSinglePreview'],
  },
  {
    name: 'offloadLargeMessages',
    kind: 'deterministic',
    phase: 'walk',
    currentRound: false,
    configKeys: ['largePayloadThreshold', 'offloadSinglePreview'],
  },
  {
    name: 'clearToolUses',
    kind: 'deterministic',
    phase: 'walk',
    currentRound: false,
    configKeys: [
      'maxToken',
      'tokenRatio',
      'targetRatio',
      'minCurrentRoundSavingsRatio',
    ],
  },
  {
    name: 'summarizeRounds',
    kind: 'llm',
    phase: 'walk',
    currentRound: false,
    configKeys: ['minCompressionTokenThreshold'],
  },
  {
    name: 'summarizeLargeCurrentMessages',
    kind: 'llm',
    phase: 'walk',
    currentRound: true,
    configKeys: ['largePayloadThreshold'],
  },
  {
    name: 'compressCurrentRound',
    kind: 'llm',
    phase: 'walk',
    currentRound: true,
    configKeys: [
      'currentRoundCompressionRatio',
      'largePayloadThreshold',
      'offloadSinglePreview',
    ],
  },
  {
    name: 'lastResort',
    kind: 'deterministic',
    phase: 'hard-budget',
    currentRound: false,
    configKeys: [],
  },
] as const satisfies readonly StrategyDescriptor[];

/** Names of the compression strategies, in their default order (DESIGN §3.6). */
export type StrategyName = (typeof STRATEGY_DESCRIPTORS)[number]['name'];

/** Strategies that call the summarizer and whose prompt can be overridden. */
export type LlmStrategyName = Extract<
  (typeof STRATEGY_DESCRIPTORS)[number],
  { readonly kind: 'llm' }
>['name'];

/** Every strategy name in the default order, `lastResort` last. */
export const STRATEGY_NAMES: readonly StrategyName[] = STRATEGY_DESCRIPTORS.map(
  (descriptor) => descriptor.name,
);

/** The strategies that call the summarizer, in the default order. */
export const LLM_STRATEGY_NAMES: readonly LlmStrategyName[] =
  STRATEGY_DESCRIPTORS.flatMap((descriptor) =>
    descriptor.kind === 'llm' ? [descriptor.name] : [],
  );

/** The descriptor of the strategy `name`. */
export function getStrategyDescriptor(name: StrategyName): StrategyDescriptor {
  return STRATEGY_DESCRIPTORS.find((descriptor) => descriptor.name === name)!;
}

/** Whether the strategy `name` calls the summarizer. */
export function isLlmStrategy(name: StrategyName): name is LlmStrategyName {
  return getStrategyDescriptor(name).kind === 'llm';
}
