import fc from 'fast-check';
import type { CompressionEvent } from '../../../vocabulary/event/compression-event';
import { STRATEGY_NAMES } from '../../../vocabulary/message/acm-marker';
import type { Message, Part, Role } from '../../../vocabulary/message/message';
import type { ContextState } from '../context-state';
import { repairToolPairing } from '../repair-tool-pairing';

/** Strings with the characters serialization must keep: NUL, lone surrogates, emoji, CJK, quotes. */
export const trickyStringArbitrary = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\ud83d', '\ude00', '😀', '文', '"', '\\', '\n'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 12,
});

// JSON has no negative zero: fc.jsonValue may draw -0, which a JSON round trip
// turns into 0, so a round-trip property would fail on a value JSON cannot hold.
const jsonArbitrary = fc
  .jsonValue({ maxDepth: 2 })
  .map((value) => JSON.parse(JSON.stringify(value)) as fc.JsonValue);

const partArbitrary: fc.Arbitrary<Part> = fc.oneof(
  fc.record(
    { type: fc.constant('text' as const), text: trickyStringArbitrary },
    { noNullPrototype: true },
  ),
  fc.record(
    {
      type: fc.constant('reasoning' as const),
      text: trickyStringArbitrary,
      providerMetadata: jsonArbitrary,
    },
    { requiredKeys: ['type', 'text'], noNullPrototype: true },
  ),
  fc.record(
    {
      type: fc.constant('tool-call' as const),
      toolCallId: trickyStringArbitrary,
      toolName: trickyStringArbitrary,
      input: jsonArbitrary,
    },
    { noNullPrototype: true },
  ),
  fc.record(
    {
      type: fc.constant('tool-result' as const),
      toolCallId: trickyStringArbitrary,
      toolName: trickyStringArbitrary,
      output: jsonArbitrary,
      isError: fc.boolean(),
    },
    {
      requiredKeys: ['type', 'toolCallId', 'toolName', 'output'],
      noNullPrototype: true,
    },
  ),
  fc.record(
    {
      type: fc.constant('file' as const),
      mediaType: fc.constantFrom('image/png', 'text/plain'),
      data: fc.base64String({ maxLength: 16 }),
      filename: trickyStringArbitrary,
    },
    { requiredKeys: ['type', 'mediaType', 'data'], noNullPrototype: true },
  ),
);

const messageBodyArbitrary = fc.record(
  {
    role: fc.constantFrom<Role>('system', 'user', 'assistant', 'tool'),
    name: trickyStringArbitrary,
    content: fc.array(partArbitrary, { maxLength: 3 }),
    metadata: fc.dictionary(fc.string({ maxLength: 6 }), jsonArbitrary, {
      maxKeys: 3,
      noNullPrototype: true,
    }),
  },
  { requiredKeys: ['role', 'content'], noNullPrototype: true },
);

/** Messages with unique ids `<prefix>-0`, `<prefix>-1`, …: any roles and parts (not a valid conversation). */
export function messageListArbitrary(
  prefix: string,
  maxLength = 6,
): fc.Arbitrary<Message[]> {
  return fc
    .array(messageBodyArbitrary, { maxLength })
    .map((bodies) =>
      bodies.map((body, index) => ({ id: `${prefix}-${index}`, ...body })),
    );
}

const rangeArbitrary = fc
  .tuple(fc.nat(50), fc.nat(50))
  .map(([start, length]) => ({ start, end: start + length }));

export const eventArbitrary: fc.Arbitrary<CompressionEvent> = fc.oneof(
  fc.record(
    {
      type: fc.constant('compression' as const),
      strategy: fc.constantFrom(...STRATEGY_NAMES),
      at: fc.nat(),
      range: rangeArbitrary,
      messageCount: fc.nat(50),
      tokensBefore: fc.nat(),
      tokensAfter: fc.nat(),
      offloadIds: fc.array(fc.uuid(), { maxLength: 2 }),
      summarizer: fc.record(
        {
          inputTokens: fc.nat(),
          outputTokens: fc.nat(),
          durationMs: fc.double({ min: 0, max: 1e6, noNaN: true }),
        },
        { noNullPrototype: true },
      ),
      previousMessageId: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
      nextMessageId: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
      replacementIds: fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }),
    },
    {
      requiredKeys: [
        'type',
        'strategy',
        'at',
        'range',
        'messageCount',
        'tokensBefore',
        'tokensAfter',
        'offloadIds',
        'previousMessageId',
        'nextMessageId',
        'replacementIds',
      ],
      noNullPrototype: true,
    },
  ),
  fc.record(
    {
      type: fc.constant('compression-error' as const),
      strategy: fc.constantFrom(...STRATEGY_NAMES),
      at: fc.integer(),
      range: rangeArbitrary,
      error: fc.record(
        {
          code: fc.constantFrom('SUMMARIZER_FAILURE', 'ABORTED'),
          reason: fc.constantFrom('timeout', 'empty'),
          message: trickyStringArbitrary,
        },
        { requiredKeys: ['code', 'message'], noNullPrototype: true },
      ),
      fallbackUsed: fc.boolean(),
    },
    { noNullPrototype: true },
  ),
);

/**
 * Any structurally valid state whose working memory keeps what every
 * operation of ACM keeps (`parseState` refuses the rest, see
 * `findStateConsistencyProblem`): its tool pairing repaired and each working
 * message also in `original`. `original` and the offload entries hold any
 * messages (not a valid conversation).
 */
export const contextStateArbitrary: fc.Arbitrary<ContextState> = fc
  .record(
    {
      sessionId: trickyStringArbitrary.filter((value) => value !== ''),
      revision: fc.nat(),
      working: messageListArbitrary('w'),
      original: messageListArbitrary('o'),
      offloads: fc.dictionary(
        fc.oneof(fc.uuid(), fc.constantFrom('__proto__', 'toString', 'a b')),
        messageListArbitrary('x', 3),
        { maxKeys: 3, noNullPrototype: true },
      ),
      events: fc.array(eventArbitrary, { maxLength: 3 }),
    },
    { noNullPrototype: true },
  )
  .map((state) => {
    const working = [...repairToolPairing(state.working).messages];
    // Working ids (`w-…`) never collide with original ones (`o-…`).
    return { ...state, working, original: [...state.original, ...working] };
  });
