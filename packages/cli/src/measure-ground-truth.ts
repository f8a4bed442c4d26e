import { containsProbe } from './extract-probes';

/**
 * The argument values of ground-truth actions (tau-bench's
 * `expected_actions`: `[{ name, kwargs | arguments }]`), de-duplicated in
 * order: every string of 3 or more characters (trimmed) and every number of 3
 * or more digits, at any depth (lists of flights, passengers, payments).
 * Booleans, keys and shorter values (`no`, `0`) are left out: they match
 * almost anywhere.
 */
export function collectGroundTruthArguments(
  expectedActions: unknown,
): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 20) return;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed.length >= 3) found.add(trimmed);
    } else if (typeof value === 'number') {
      if (Number.isFinite(value) && Math.abs(value) >= 100) {
        found.add(String(value));
      }
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) visit(item, depth + 1);
    }
  };
  if (Array.isArray(expectedActions)) {
    for (const action of expectedActions) {
      if (action === null || typeof action !== 'object') continue;
      const { kwargs, arguments: args } = action as {
        kwargs?: unknown;
        arguments?: unknown;
      };
      visit(kwargs ?? args, 0);
    }
  }
  return [...found];
}

/** Ground-truth arguments on one turn. */
export interface GroundTruthVisibility {
  /** Arguments already in the earlier conversation and not in the system prompt. */
  readonly earlier: number;
  /** Of those, the ones visible in the managed context. */
  readonly visible: number;
  /** Of those, the ones visible once identifier lists are removed from ACM-written text. */
  readonly visibleWithoutLists: number;
}

export interface MeasureGroundTruthVisibilityOptions {
  /** `collectGroundTruthArguments` of the conversation. */
  readonly arguments: readonly string[];
  /** Every original message before the turn, as text. */
  readonly earlierText: string;
  /** The system prompt: arguments found there are not counted. @default '' */
  readonly alwaysVisibleText?: string;
  readonly managedText: string;
  /** @default managedText */
  readonly managedTextWithoutLists?: string;
}

/**
 * Of the ground-truth arguments the conversation has already mentioned (as a
 * whole token, anywhere but in the system prompt), how many the managed
 * context still shows, with and without ACM's identifier lists.
 */
export function measureGroundTruthVisibility({
  arguments: values,
  earlierText,
  alwaysVisibleText = '',
  managedText,
  managedTextWithoutLists = managedText,
}: MeasureGroundTruthVisibilityOptions): GroundTruthVisibility {
  let earlier = 0;
  let visible = 0;
  let visibleWithoutLists = 0;
  for (const value of values) {
    if (containsProbe(alwaysVisibleText, value)) continue;
    if (!containsProbe(earlierText, value)) continue;
    earlier += 1;
    if (!containsProbe(managedText, value)) continue;
    visible += 1;
    if (containsProbe(managedTextWithoutLists, value)) visibleWithoutLists += 1;
  }
  return { earlier, visible, visibleWithoutLists };
}
