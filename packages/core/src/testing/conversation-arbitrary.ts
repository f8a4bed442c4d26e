import fc from 'fast-check';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type {
  Message,
  Part,
  ToolCallPart,
} from '../vocabulary/message/message';
import type { GeneratedCall, OutputKind, Random } from './conversation-content';
import {
  PLAN_TOOL_NAMES,
  between,
  createRandom,
  finalAnswerText,
  largeUserText,
  normalCall,
  pick,
  planCall,
  preambleText,
  reasoningMetadata,
  reasoningText,
  reminderText,
  shuffle,
  systemPromptText,
  userText,
} from './conversation-content';

/** How often a generated conversation has a feature. */
export type Frequency = 'never' | 'sometimes' | 'always';

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

/** A roll in [0, 10000): shrinks towards 0, which always means "the plain case". */
const ROLL = 9_999;

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

interface CallDraw {
  readonly roll: number;
  readonly large: number;
  readonly seed: number;
}

interface ExchangeDraw {
  readonly calls: readonly CallDraw[];
  readonly roll: number;
  readonly seed: number;
}

interface RoundDraw {
  readonly roll: number;
  readonly seed: number;
  readonly exchanges: readonly ExchangeDraw[];
}

interface ConversationDraw {
  readonly roll: number;
  readonly seed: number;
  readonly rounds: readonly RoundDraw[];
  readonly inFlight: ExchangeDraw;
}

interface BuildSettings {
  readonly largeThreshold: number;
  readonly largeUserThreshold: number;
  readonly largeOutputChars: { readonly min: number; readonly max: number };
  readonly planToolProbability: number;
  readonly inFlight: Frequency;
  readonly unansweredLastTurn: Frequency;
  readonly systemPrompt: Frequency;
}

/** Whether a feature happens, from a roll in [0, 1) and its `sometimes` probability. */
function happens(
  frequency: Frequency,
  value: number,
  probability: number,
): boolean {
  if (frequency === 'never') return false;
  if (frequency === 'always') return true;
  return value < probability;
}

function buildConversation(
  draw: ConversationDraw,
  settings: BuildSettings,
): Message[] {
  const random = createRandom(draw.seed);
  const messages: Message[] = [];
  let messageCount = 0;
  let callCount = 0;
  const callIdPrefix = pick(random, ['call_', 'toolu_', 'fc_']);
  const nextMessageId = () => `msg-${messageCount++}`;
  const nextCallId = () => `${callIdPrefix}${callCount++}`;
  const usesPlan = random() < settings.planToolProbability;
  let planCreated = false;

  // Conversation-level choices come from the roll (0 = plain) and the PRNG.
  const endsInFlight = happens(
    settings.inFlight,
    (ROLL - draw.roll) / (ROLL + 1),
    0.3,
  );
  const endsUnanswered =
    !endsInFlight && happens(settings.unansweredLastTurn, random(), 0.2);
  if (happens(settings.systemPrompt, random(), 0.7)) {
    messages.push(
      textMessage(nextMessageId(), 'system', systemPromptText(random)),
    );
  }

  const buildCalls = (exchange: ExchangeDraw): GeneratedCall[] =>
    exchange.calls.map((callDraw) => {
      const callRandom = createRandom(callDraw.seed);
      // roll 0–5999: text, 6000–7799: JSON, 7800–8499: error, 8500+: plan tool when the
      // conversation plans, text otherwise.
      if (usesPlan && callDraw.roll >= 8_500) {
        const toolName = planCreated
          ? pick(callRandom, PLAN_TOOL_NAMES)
          : 'create_plan';
        planCreated = true;
        return planCall(callRandom, toolName);
      }
      const large = callDraw.large >= settings.largeThreshold;
      const isJson = callDraw.roll >= 6_000 && callDraw.roll < 7_800;
      const isError = callDraw.roll >= 7_800 && callDraw.roll < 8_500;
      const kind: OutputKind = large
        ? isJson
          ? 'large-json'
          : 'large-text'
        : isError
          ? 'error'
          : isJson
            ? 'json'
            : 'text';
      return normalCall(
        callRandom,
        kind,
        between(
          callRandom,
          settings.largeOutputChars.min,
          settings.largeOutputChars.max,
        ),
      );
    });

  /** Pushes the assistant call message and the results (all, or the first `answered` of a shuffled order). */
  const pushExchange = (exchange: ExchangeDraw, answered: 'all' | number) => {
    const exchangeRandom = createRandom(exchange.seed);
    const calls = buildCalls(exchange);
    const parts: Part[] = [];
    if (exchangeRandom() < 0.25) {
      parts.push(reasoningPart(exchangeRandom, messageCount));
    }
    if (exchangeRandom() < 0.4) {
      parts.push({ type: 'text', text: preambleText(exchangeRandom) });
    }
    const callParts: ToolCallPart[] = calls.map((generated) => ({
      type: 'tool-call',
      toolCallId: nextCallId(),
      toolName: generated.toolName,
      input: generated.input,
    }));
    messages.push({
      id: nextMessageId(),
      role: 'assistant',
      content: [...parts, ...callParts],
    });

    const order = shuffle(
      exchangeRandom,
      calls.map((_, index) => index),
    );
    const count = answered === 'all' ? order.length : answered;
    for (const index of order.slice(0, count)) {
      const generated = calls[index]!;
      const callPart = callParts[index]!;
      messages.push({
        id: nextMessageId(),
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: callPart.toolCallId,
            toolName: callPart.toolName,
            output: generated.output,
            ...(generated.isError ? { isError: true } : {}),
          },
        ],
      });
    }
  };

  draw.rounds.forEach((round, roundIndex) => {
    const isLast = roundIndex === draw.rounds.length - 1;
    const roundRandom = createRandom(round.seed);
    messages.push(
      userMessage(nextMessageId(), round.roll, roundRandom, settings),
    );
    if (roundRandom() < 0.1) {
      messages.push(reminderMessage(nextMessageId(), roundRandom));
    }
    if (isLast && endsUnanswered) return;

    for (const exchange of round.exchanges) {
      pushExchange(exchange, 'all');
      if (exchange.roll >= 9_000) {
        messages.push(
          reminderMessage(
            nextMessageId(),
            createRandom(exchange.seed ^ 0x5bd1e995),
          ),
        );
      }
    }
    if (isLast && endsInFlight) {
      const inFlightRandom = createRandom(draw.inFlight.seed ^ 0x2545f491);
      const pendingAtMost = draw.inFlight.calls.length - 1;
      const answered =
        inFlightRandom() < 0.5
          ? 'all'
          : between(inFlightRandom, 0, pendingAtMost);
      pushExchange(draw.inFlight, answered);
      return;
    }
    const answerParts: Part[] = [];
    if (roundRandom() < 0.25)
      answerParts.push(reasoningPart(roundRandom, messageCount));
    answerParts.push({ type: 'text', text: finalAnswerText(roundRandom) });
    messages.push({
      id: nextMessageId(),
      role: 'assistant',
      content: answerParts,
    });
  });
  return messages;
}

function textMessage(id: string, role: Message['role'], text: string): Message {
  return { id, role, content: [{ type: 'text', text }] };
}

function userMessage(
  id: string,
  roll: number,
  random: Random,
  settings: BuildSettings,
): Message {
  if (roll >= settings.largeUserThreshold) {
    const size = between(
      random,
      settings.largeOutputChars.min,
      settings.largeOutputChars.max,
    );
    return textMessage(id, 'user', largeUserText(random, size));
  }
  const content: Part[] = [{ type: 'text', text: userText(random) }];
  const extra = random();
  if (extra < 0.03) {
    content.push({
      type: 'file',
      mediaType: 'image/png',
      data: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      filename: 'screenshot.png',
    });
  }
  if (extra > 0.95) {
    return {
      id,
      role: 'user',
      content,
      metadata: { clientMessageId: `web-${between(random, 1, 1e6)}` },
    };
  }
  return { id, role: 'user', content };
}

function reminderMessage(id: string, random: Random): Message {
  return {
    id,
    role: 'user',
    content: [{ type: 'text', text: reminderText(random) }],
    metadata: { acm: { kind: 'injected' } },
  };
}

function reasoningPart(random: Random, index: number): Part {
  const text = reasoningText(random);
  return random() < 0.5
    ? {
        type: 'reasoning',
        text,
        providerMetadata: reasoningMetadata(random, index),
      }
    : { type: 'reasoning', text };
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
