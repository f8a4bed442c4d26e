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

/** A roll in [0, 10000): shrinks towards 0, which always means "the plain case". */
export const ROLL = 9_999;

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

/** What fast-check draws for one conversation: the structure, and seeds for its content. */
export interface ConversationDraw {
  readonly roll: number;
  readonly seed: number;
  readonly rounds: readonly RoundDraw[];
  readonly inFlight: ExchangeDraw;
}

/** The options of `conversationArbitrary` the builder needs, with the probabilities turned into roll thresholds. */
export interface BuildSettings {
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

/** The conversation a draw stands for: the same draw always gives the same messages. */
export function buildConversation(
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
