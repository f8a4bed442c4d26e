import type { AutoContextConfig } from '../../vocabulary/config/config';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import { DEFAULT_STRATEGY_ORDER } from '../strategy';
import { LLM_STRATEGY_NAMES } from '../../vocabulary/config/strategy-descriptors';

/** Strategies that call the summarizer (from the strategy descriptors). */
export const LLM_STRATEGIES: ReadonlySet<StrategyName> = new Set<StrategyName>(
  LLM_STRATEGY_NAMES,
);

/**
 * The strategies one call walks, last resort excluded (it runs after the walk,
 * only when still over `maxToken`): the default order, switched-off strategies
 * removed, filtered by `mode` (compact: no-LLM only; compress: LLM only; auto:
 * no-LLM first, then the LLM strategies).
 */
export function selectStrategyOrder(
  config: Pick<AutoContextConfig, 'mode' | 'strategies'>,
): readonly StrategyName[] {
  const enabled = DEFAULT_STRATEGY_ORDER.filter(
    (name) => config.strategies[name],
  );
  const compact = enabled.filter((name) => !LLM_STRATEGIES.has(name));
  const compress = enabled.filter((name) => LLM_STRATEGIES.has(name));
  switch (config.mode) {
    case 'compact':
      return compact;
    case 'compress':
      return compress;
    case 'auto':
      return [...compact, ...compress];
  }
}
