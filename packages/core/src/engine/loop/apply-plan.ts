import type { Clock } from '../../vocabulary/clock/clock';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type {
  CompressionAppliedEvent,
  SummarizerCost,
} from '../../vocabulary/event/compression-event';
import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../../state/context-state/context-state';
import type { CompressionPlan } from '../strategy/compression-plan';
import { renderReplacement } from '../strategy/render-replacement';
import { pickSummaries } from './pick-summaries';
import type { TokenCounter } from '../../state/token/token-counter';

export interface ApplyPlanOptions {
  /** The state the plan was made for (its `working` array). Not mutated. */
  readonly state: ContextState;
  readonly plan: CompressionPlan;
  /** Validated summary texts by task key; every task key an edit names must be here. */
  readonly summaries: Readonly<Record<string, string>>;
  /**
   * The edits' replacements, already rendered (`renderReplacement`), one per
   * edit in order: the engine renders each edit once, to judge it, and
   * passes them here.
   * @default each edit rendered from `summaries`
   */
  readonly replacements?: readonly (readonly Message[])[];
  /**
   * Cost of the summarizer calls behind each task, by task key. An edit's event
   * carries the sum of its tasks' tokens and the longest of their durations (the
   * tasks ran in parallel).
   * @default {} (events carry no `summarizer` field)
   */
  readonly costs?: Readonly<Record<string, SummarizerCost>>;
  /** Stamps the events' `at`. */
  readonly clock: Clock;
  /** Measures `tokensBefore` / `tokensAfter` of every edit. */
  readonly counter: TokenCounter;
}

/**
 * Applies every edit of `plan` at once and returns the new state: `working`
 * with each range replaced by its rendered replacement, the edits' offload entries
 * added, one `CompressionAppliedEvent` per edit appended (ranges as in the
 * working array before the edit) and `revision + 1`. `original` is kept as is
 * (the same array). Pure; `state` is not mutated.
 *
 * All or nothing: every check runs before anything is rendered, so a refused plan
 * leaves nothing behind.
 *
 * @throws {InvalidArgumentError} (parameter `plan`) when edits are out of
 * bounds, unsorted or overlapping, when an offload id already exists in the
 * state or twice in the plan, or when a summary an edit needs is missing.
 */
export function applyPlan({
  state,
  plan,
  summaries,
  replacements,
  costs = {},
  clock,
  counter,
}: ApplyPlanOptions): ContextState {
  const { working } = state;
  checkPlan(state, plan, summaries);

  const at = clock.now();
  const nextWorking: Message[] = [];
  const offloads: Record<string, readonly Message[]> = { ...state.offloads };
  const events: CompressionAppliedEvent[] = [];
  let cursor = 0;

  for (const [editIndex, edit] of plan.edits.entries()) {
    const { start, end } = edit.range;
    for (let index = cursor; index < start; index++)
      nextWorking.push(working[index]!);
    const replaced = working.slice(start, end);
    const replacement =
      replacements?.[editIndex] ??
      renderReplacement(edit, pickSummaries(summaries, edit.taskKeys));
    nextWorking.push(...replacement);
    cursor = end;

    const offloadIds = Object.keys(edit.offloads);
    for (const offloadId of offloadIds)
      offloads[offloadId] = edit.offloads[offloadId]!;
    const summarizer = sumCosts(edit.taskKeys, costs);
    events.push({
      type: 'compression',
      strategy: plan.strategy,
      at,
      range: { start, end },
      messageCount: end - start,
      tokensBefore: counter.countMessages(replaced),
      tokensAfter: counter.countMessages(replacement),
      offloadIds,
      ...(summarizer === undefined ? {} : { summarizer }),
      previousMessageId: start > 0 ? working[start - 1]!.id : null,
      nextMessageId: end < working.length ? working[end]!.id : null,
      replacementIds: replacement.map((message) => message.id),
    });
  }
  for (let index = cursor; index < working.length; index++)
    nextWorking.push(working[index]!);

  return {
    ...state,
    working: nextWorking,
    offloads,
    events: [...state.events, ...events],
    revision: state.revision + 1,
  };
}

function checkPlan(
  state: ContextState,
  plan: CompressionPlan,
  summaries: Readonly<Record<string, string>>,
): void {
  const seenOffloadIds = new Set<string>();
  let previousEnd = 0;
  plan.edits.forEach((edit, editIndex) => {
    const { start, end } = edit.range;
    const where = `plan.edits[${editIndex}]`;
    if (
      !Number.isInteger(start) ||
      !Number.isInteger(end) ||
      start < 0 ||
      end < start
    ) {
      throw refuse(
        plan,
        `${where}.range [${start}, ${end}) is not a valid range`,
      );
    }
    if (end > state.working.length) {
      throw refuse(
        plan,
        `${where}.range [${start}, ${end}) ends past the ${state.working.length} working messages`,
      );
    }
    if (start < previousEnd) {
      throw refuse(
        plan,
        `${where}.range [${start}, ${end}) overlaps or precedes the previous edit (which ends at ${previousEnd})`,
      );
    }
    previousEnd = end;
    for (const offloadId of Object.keys(edit.offloads)) {
      if (
        Object.hasOwn(state.offloads, offloadId) ||
        seenOffloadIds.has(offloadId)
      ) {
        throw refuse(plan, `${where} offload id ${offloadId} already exists`);
      }
      seenOffloadIds.add(offloadId);
    }
    for (const key of edit.taskKeys) {
      if (!Object.hasOwn(summaries, key)) {
        throw refuse(
          plan,
          `${where} needs the summary of task ${key}, which is missing`,
        );
      }
    }
  });
}

function refuse(plan: CompressionPlan, message: string): InvalidArgumentError {
  return new InvalidArgumentError({ parameter: 'plan', value: plan, message });
}

function sumCosts(
  keys: readonly string[],
  costs: Readonly<Record<string, SummarizerCost>>,
): SummarizerCost | undefined {
  let found = false;
  let inputTokens = 0;
  let outputTokens = 0;
  let durationMs = 0;
  for (const key of keys) {
    const cost = costs[key];
    if (cost === undefined) continue;
    found = true;
    inputTokens += cost.inputTokens;
    outputTokens += cost.outputTokens;
    durationMs = Math.max(durationMs, cost.durationMs);
  }
  return found ? { inputTokens, outputTokens, durationMs } : undefined;
}
