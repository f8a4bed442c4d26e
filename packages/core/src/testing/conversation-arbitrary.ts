import fc from 'fast-check';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { Message } from '../vocabulary/message/message';
import type { BuildSettings, Frequency } from './build-conversation';
import { ROLL, buildConversation } from './build-conversation';

export interface ConversationArbitraryOptions {
  /** Fewest rounds (user turns written by the user). @default 1 */
  readonly minRounds?: number;
  /** Most rounds. @default 6 */
  readonly maxRounds?: number;
  /** Most consumed tool exchanges in one round. @default 4 */
  readonly maxExchangesPerRound?: number;
  /** Most parallel tool calls in one assistant message. @default 4 */
  readonly maxToolCallsPerExchange?: number;
  /** Probability that a tool output is large (above `largeOutputChars.min`). A quarter of that is the probability of a large pasted user message. @default 0.08 */
  readonly largeOutputProbability?: number;
  /** Size range of large outputs, in characters (text length, or JSON length for JSON outputs). @default { min: 5200, max: 12000 } */
  readonly largeOutputChars?: { readonly min: number; readonly max: number };
  /** Probability that a conversation uses the plan tools (create_plan, finish_subtask, …). @default 0.4 */
  readonly planToolProbability?: number;
  /**
   * Whether the conversation ends with an in-flight exchange: an assistant
   * message with tool calls and no later assistant message, whose results are
   * all there or partly pending. `sometimes` is about 30%.
   * @default 'sometimes'
   */
  readonly inFlight?: Frequency;
  /**
   * Whether the last round is a user turn still waiting for its answer (no
   * exchange, no final answer). Ignored when the conversation ends in flight.
   * `sometimes` is about 20%.
   * @default 'sometimes'
   */
  readonly unansweredLastTurn?: Frequency;
  /** Whether the conversation opens with a system prompt. `sometimes` is about 70%. @default 'sometimes' */
  readonly systemPrompt?: Frequency;
}

/**
 * A fast-check arbitrary of realistic, valid conversations in the core
 * `Message` model, for property tests of strategies, the engine and adapters.
 *
 * Every conversation promises:
 * - message ids (`msg-N`) and tool call ids are unique; every tool message
 *   carries exactly one tool result;
 * - rounds: an optional system prompt, then `minRounds`–`maxRounds` user turns;
 *   each round is user turn → zero or more exchanges → final answer (an
 *   assistant message without tool calls);
 * - an exchange is one assistant message with 1–`maxToolCallsPerExchange`
 *   calls (sometimes with text and reasoning beside them), answered by one tool
 *   message per call right after it, in any order;
 * - only the last exchange may be unconsumed (in flight), and only at the very
 *   end: all its results present, or some still pending;
 * - the last round may instead be a user turn without answer;
 * - injected reminders are user messages marked
 *   `metadata.acm = { kind: 'injected' }`, placed after a user turn or after an
 *   exchange's results, never inside an exchange;
 * - mixed content: large outputs with head/tail structure, JSON outputs, tool
 *   errors (`isError: true`), reasoning (some with `providerMetadata`), plan
 *   tools (sometimes beside normal tools in one message), CJK, emoji, RTL and
 *   combining marks, the odd image file part and user metadata.
 *
 * Structure is drawn by fast-check (so it shrinks towards fewer rounds,
 * exchanges and calls, and plain outputs); text comes from seeded pools.
 *
 * @throws {InvalidArgumentError} when an option is out of range.
 */
export function conversationArbitrary({
  minRounds = 1,
  maxRounds = 6,
  maxExchangesPerRound = 4,
  maxToolCallsPerExchange = 4,
  largeOutputProbability = 0.08,
  largeOutputChars = { min: 5_200, max: 12_000 },
  planToolProbability = 0.4,
  inFlight = 'sometimes',
  unansweredLastTurn = 'sometimes',
  systemPrompt = 'sometimes',
}: ConversationArbitraryOptions = {}): fc.Arbitrary<Message[]> {
  requireInteger('minRounds', minRounds, 1);
  requireInteger('maxRounds', maxRounds, minRounds);
  requireInteger('maxExchangesPerRound', maxExchangesPerRound, 0);
  requireInteger('maxToolCallsPerExchange', maxToolCallsPerExchange, 1);
  requireProbability('largeOutputProbability', largeOutputProbability);
  requireProbability('planToolProbability', planToolProbability);
  requireInteger('largeOutputChars.min', largeOutputChars.min, 1);
  requireInteger(
    'largeOutputChars.max',
    largeOutputChars.max,
    largeOutputChars.min,
  );

  const call = fc.record({
    roll: fc.nat(ROLL),
    large: fc.nat(ROLL),
    seed: fc.nat(),
  });
  const exchange = fc.record({
    calls: fc.array(call, { minLength: 1, maxLength: maxToolCallsPerExchange }),
    roll: fc.nat(ROLL),
    seed: fc.nat(),
  });
  const round = fc.record({
    roll: fc.nat(ROLL),
    seed: fc.nat(),
    exchanges: fc.array(exchange, { maxLength: maxExchangesPerRound }),
  });
  const draw = fc.record({
    roll: fc.nat(ROLL),
    seed: fc.nat(),
    rounds: fc.array(round, { minLength: minRounds, maxLength: maxRounds }),
    inFlight: exchange,
  });

  const settings: BuildSettings = {
    largeThreshold: ROLL + 1 - Math.round(largeOutputProbability * (ROLL + 1)),
    largeUserThreshold:
      ROLL + 1 - Math.round((largeOutputProbability / 4) * (ROLL + 1)),
    largeOutputChars,
    planToolProbability,
    inFlight,
    unansweredLastTurn,
    systemPrompt,
  };
  return draw.map((drawn) => buildConversation(drawn, settings));
}
function requireInteger(
  parameter: string,
  value: number,
  minimum: number,
): void {
  if (!Number.isInteger(value) || value < minimum) {
    throw new InvalidArgumentError({
      parameter,
      value,
      message: `must be an integer of at least ${minimum}, received ${String(value)}`,
    });
  }
}

function requireProbability(parameter: string, value: number): void {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new InvalidArgumentError({
      parameter,
      value,
      message: `must be a probability in [0, 1], received ${String(value)}`,
    });
  }
}
