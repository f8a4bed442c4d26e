import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidStateError } from '../../vocabulary/error/invalid-state-error';
import { conversationArbitrary } from '../../testing/conversation-arbitrary';
import type { Message } from '../../vocabulary/message/message';
import { contextStateArbitrary } from './__fixtures__/context-state-arbitrary';
import { conversationFixture } from './__fixtures__/messages';
import type { ContextState } from './context-state';
import { createContextState } from './create-context-state';
import { parseState } from './parse-state';
import { serializeState } from './serialize-state';
import {
  CONTEXT_STATE_FORMAT,
  CONTEXT_STATE_SCHEMA_VERSION,
} from './state-format';

const state: ContextState = {
  ...createContextState({
    sessionId: 'session-1',
    messages: conversationFixture,
  }),
  offloads: { 'offload-1': [conversationFixture[3]!] },
  events: [
    {
      type: 'compression',
      strategy: 'offloadLargeMessages',
      at: 1_700_000_000_000,
      range: { start: 3, end: 4 },
      messageCount: 1,
      tokensBefore: 900,
      tokensAfter: 40,
      offloadIds: ['offload-1'],
      previousMessageId: 'm2',
      nextMessageId: 'm4',
      replacementIds: ['m3'],
    },
  ],
  revision: 3,
};

/** A JSON document the tests corrupt field by field, at any depth. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of parsed JSON
type JsonDocument = Record<string, any>;

/**
 * The fixture as a mutable JSON document with whole messages everywhere (a
 * valid document of the current schema version that names no original by
 * reference), for corrupting one field of one message.
 */
function documentOf(value: ContextState = state): JsonDocument {
  return JSON.parse(
    JSON.stringify({
      format: CONTEXT_STATE_FORMAT,
      schemaVersion: CONTEXT_STATE_SCHEMA_VERSION,
      ...value,
    }),
  ) as JsonDocument;
}

/** A document's content with every reference to original messages replaced by the messages. */
function expandReferences(document: JsonDocument): JsonDocument {
  const original = document.original as unknown[];
  const expand = (items: unknown[]) =>
    items.flatMap((item) =>
      typeof item === 'number'
        ? [original[item]]
        : Array.isArray(item)
          ? original.slice(item[0] as number, item[1] as number)
          : [item],
    );
  return {
    ...document,
    working: expand(document.working as unknown[]),
    offloads: Object.fromEntries(
      Object.entries(document.offloads as Record<string, unknown[]>).map(
        ([id, items]) => [id, expand(items)],
      ),
    ),
  };
}

function parseError(input: unknown): InvalidStateError {
  try {
    parseState(input);
  } catch (error) {
    if (InvalidStateError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected parseState to throw');
}

describe('parseState', () => {
  it('should read back exactly what serializeState wrote', () => {
    expect(parseState(serializeState(state))).toStrictEqual(state);
  });

  it('should accept the already-parsed JSON value without aliasing it', () => {
    const document = documentOf();

    const parsed = parseState(document);

    expect(parsed).toStrictEqual(state);
    expect(parsed.working).not.toBe(document.working);
    expect(parsed.working[2]!.content[1]).not.toBe(
      document.working[2].content[1],
    );
  });

  it('should keep unicode, NUL, lone surrogates, emoji and CJK', () => {
    const text = 'a\u0000b\ud800c\udfffd😀e文字f\u2028g';
    const message: Message = {
      id: 'ü-\u0000-😀',
      role: 'user',
      content: [{ type: 'text', text }],
      metadata: { '\u0000key': text },
    };
    const value = createContextState({
      sessionId: '会话😀',
      messages: [message],
    });

    const parsed = parseState(serializeState(value));

    expect(parsed).toStrictEqual(value);
    expect((parsed.working[0]!.content[0] as { text: string }).text).toBe(text);
  });

  it('should keep a very large offload entry', () => {
    const large: Message = {
      id: 'large',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'bash',
          output: 'x😀'.repeat(1_000_000),
        },
      ],
    };
    const value: ContextState = { ...state, offloads: { big: [large] } };

    expect(parseState(serializeState(value))).toStrictEqual(value);
  });

  it('should round-trip any generated state', () => {
    fc.assert(
      fc.property(contextStateArbitrary, (generated) => {
        expect(parseState(serializeState(generated))).toStrictEqual(generated);
      }),
      { numRuns: 200 },
    );
  });

  it('should round-trip generated realistic conversations', () => {
    fc.assert(
      fc.property(conversationArbitrary(), (messages) => {
        const generated = createContextState({ sessionId: 's', messages });
        expect(parseState(serializeState(generated))).toStrictEqual(generated);
      }),
      { numRuns: 100 },
    );
  });

  it('should throw an InvalidStateError at $ for text that is not JSON', () => {
    const error = parseError('{"format": "acm.context-state",');

    expect(error.path).toBe('$');
    expect(error.code).toBe('INVALID_STATE');
  });

  it.each([
    ['an empty object', {}],
    ['an array', []],
    ['a number', 42],
    ['null', null],
    [
      'a LangChain message dump',
      [
        {
          lc: 1,
          type: 'constructor',
          id: ['langchain_core', 'messages', 'HumanMessage'],
          kwargs: { content: 'hi' },
        },
      ],
    ],
    [
      'a LangChain serialized object',
      {
        lc: 1,
        type: 'constructor',
        id: ['langchain_core', 'messages', 'AIMessage'],
        kwargs: { content: 'hello' },
      },
    ],
  ])('should reject %s at $.format', (_label, input) => {
    expect(parseError(input).path).toBe('$.format');
    expect(parseError(JSON.stringify(input)).path).toBe('$.format');
  });

  it('should name the versions it reads for an unsupported schema version', () => {
    const error = parseError({ ...documentOf(), schemaVersion: 3 });

    expect(error.path).toBe('$.schemaVersion');
    expect(error.message).toBe(
      'Invalid state at $.schemaVersion: unsupported schema version 3; this version of @acm/core reads schema versions 1 and 2 (it writes 2)',
    );
  });

  it('should put the original message objects where the document names them', () => {
    const text = serializeState(state);
    const document = JSON.parse(text) as JsonDocument;
    // The fixture's working messages are its five originals: one run.
    expect(document.working).toEqual([[0, 5]]);
    expect(document.offloads).toEqual({ 'offload-1': [3] });

    const parsed = parseState(text);

    expect(parsed).toStrictEqual(state);
    parsed.working.forEach((message, index) =>
      expect(message).toBe(parsed.original[index]),
    );
    expect(parsed.offloads['offload-1']![0]).toBe(parsed.original[3]);
  });

  it.each<[string, unknown, string]>([
    ['an index past the originals', 5, 'an index below 5'],
    ['a negative index', -1, 'an index below 5'],
    ['a fractional index', 1.5, 'an index below 5'],
    ['an empty run', [2, 2], '[start, end] with start < end ≤ 5'],
    ['a run past the originals', [3, 6], '[start, end] with start < end ≤ 5'],
    ['a run of three numbers', [1, 2, 3], '[start, end] with start < end ≤ 5'],
  ])(
    'should reject %s in an offload entry with its JSON path',
    (_label, reference, expected) => {
      const document = documentOf();
      document.offloads['offload-1'] = [reference];

      const error = parseError(JSON.stringify(document));

      expect(error.path).toBe('$.offloads["offload-1"][0]');
      expect(error.message).toContain(expected);
    },
  );

  it('should reject a reference that repeats a working message id', () => {
    const document = documentOf();
    document.working = [[0, 3], 1];

    expect(parseError(document).path).toBe('$.working[1]');
    expect(parseError(document).message).toContain('duplicate message id "m1"');
  });

  it('should reject references in a schema version 1 document', () => {
    const document: JsonDocument = { ...documentOf(), schemaVersion: 1 };
    document.offloads = { 'offload-1': [3] };

    const error = parseError(document);

    expect(error.path).toBe('$.offloads["offload-1"][0]');
    expect(error.message).toContain('expected a message object');
  });

  it('should read a schema version 1 document, sharing the copies of originals with original', () => {
    const document: JsonDocument = { ...documentOf(), schemaVersion: 1 };

    const parsed = parseState(JSON.stringify(document));

    expect(parsed).toStrictEqual(state);
    expect(parsed.working[4]).toBe(parsed.original[4]);
    expect(parsed.offloads['offload-1']![0]).toBe(parsed.original[3]);
  });

  it('should keep a whole message that differs from the original with its id', () => {
    const edited: Message = {
      ...conversationFixture[3]!,
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'bash',
          output: 'edited',
        },
      ],
    };
    const value: ContextState = { ...state, offloads: { edited: [edited] } };

    const text = serializeState(value);

    expect((JSON.parse(text) as JsonDocument).offloads.edited).toEqual([
      edited,
    ]);
    expect(parseState(text)).toStrictEqual(value);
  });

  it.each<[string, (document: JsonDocument) => void, string]>([
    [
      'a tool call id of the wrong type',
      (document) => {
        document.working[3].content[0].toolCallId = 12;
      },
      '$.working[3].content[0].toolCallId',
    ],
    [
      'an unknown role',
      (document) => {
        document.original[1].role = 'human';
      },
      '$.original[1].role',
    ],
    [
      'a missing tool input',
      (document) => {
        delete document.working[2].content[1].input;
      },
      '$.working[2].content[1].input',
    ],
    [
      'an unknown part type',
      (document) => {
        document.working[0].content[0].type = 'image_url';
      },
      '$.working[0].content[0].type',
    ],
    [
      'a non-boolean isError',
      (document) => {
        document.working[3].content[0].isError = 'no';
      },
      '$.working[3].content[0].isError',
    ],
    [
      'a metadata array',
      (document) => {
        document.working[4].metadata = [];
      },
      '$.working[4].metadata',
    ],
    [
      'a content string',
      (document) => {
        document.working[1].content = 'hello';
      },
      '$.working[1].content',
    ],
    [
      'a numeric message id',
      (document) => {
        document.working[1].id = 1;
      },
      '$.working[1].id',
    ],
    [
      'a duplicate message id',
      (document) => {
        document.working[3].id = 'm1';
      },
      '$.working[3].id',
    ],
    [
      'a negative revision',
      (document) => {
        document.revision = -1;
      },
      '$.revision',
    ],
    [
      'a fractional revision',
      (document) => {
        document.revision = 1.5;
      },
      '$.revision',
    ],
    [
      'an empty session id',
      (document) => {
        document.sessionId = '';
      },
      '$.sessionId',
    ],
    [
      'an offload entry that is not an array',
      (document) => {
        document.offloads['offload-1'] = { id: 'm3' };
      },
      '$.offloads["offload-1"]',
    ],
    [
      'a broken message in an offload entry',
      (document) => {
        document.offloads['offload-1'][0].content[0].output = undefined;
      },
      '$.offloads["offload-1"][0].content[0].output',
    ],
    [
      'an offloads array',
      (document) => {
        document.offloads = [];
      },
      '$.offloads',
    ],
    [
      'an event with an unknown strategy',
      (document) => {
        document.events[0].strategy = 'summarize';
      },
      '$.events[0].strategy',
    ],
    [
      'an event with an unknown type',
      (document) => {
        document.events[0].type = 'compaction';
      },
      '$.events[0].type',
    ],
    [
      'an event range that ends before it starts',
      (document) => {
        document.events[0].range = { start: 4, end: 3 };
      },
      '$.events[0].range.end',
    ],
    [
      'an event with a missing replacementIds',
      (document) => {
        delete document.events[0].replacementIds;
      },
      '$.events[0].replacementIds',
    ],
    [
      'an unknown top-level field',
      (document) => {
        document.extra = true;
      },
      '$.extra',
    ],
    [
      'missing working messages',
      (document) => {
        delete document.working;
      },
      '$.working',
    ],
  ])('should reject %s with its JSON path', (_label, corrupt, path) => {
    const document = documentOf();
    corrupt(document);

    expect(parseError(JSON.stringify(document)).path).toBe(path);
  });

  it('should reject non-JSON values in an object input', () => {
    const document = documentOf();
    document.working[2].content[1].input = { when: new Date(0) };

    expect(parseError(document).path).toBe(
      '$.working[2].content[1].input.when',
    );
  });

  it('should reject a circular object input instead of overflowing', () => {
    const document = documentOf();
    const input: Record<string, unknown> = {};
    input.self = input;
    document.working[2].content[1].input = input;

    expect(parseError(document).path).toBe(
      '$.working[2].content[1].input.self',
    );
  });

  it('should read deeply nested tool input text without overflowing the stack', () => {
    const depth = 100_000;
    const text = serializeState(state).replace(
      '"input":{"command":"ls"}',
      `"input":${'['.repeat(depth)}"leaf"${']'.repeat(depth)}`,
    );

    let input = parseState(text).working[2]!.content[1] as unknown;
    input = (input as { input: unknown }).input;
    for (let level = 0; level < depth; level++) input = (input as unknown[])[0];
    expect(input).toBe('leaf');
  });

  it('should end in an InvalidStateError for an object input too deep to copy', () => {
    let input: unknown = 'leaf';
    for (let depth = 0; depth < 100_000; depth++) input = [input];
    const document = documentOf();
    document.working[2].content[1].input = input;

    expect(parseError(document).path).toBe('$');
  });

  describe('a state no operation of ACM can produce', () => {
    const text = (
      id: string,
      role: Message['role'],
      value: string,
    ): Message => ({
      id,
      role,
      content: [{ type: 'text', text: value }],
    });
    const call = (
      id: string,
      callId: string,
      role: Message['role'] = 'assistant',
    ): Message => ({
      id,
      role,
      content: [
        { type: 'tool-call', toolCallId: callId, toolName: 'bash', input: {} },
      ],
    });
    const result = (id: string, callId: string): Message => ({
      id,
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: callId,
          toolName: 'bash',
          output: 'ok',
        },
      ],
    });
    /** The fixture with `messages` appended to working memory (and to the original history unless `workingOnly`). */
    const appended = (messages: Message[], { workingOnly = false } = {}) => {
      const document = documentOf();
      (document.working as Message[]).push(...messages);
      if (!workingOnly) (document.original as Message[]).push(...messages);
      return document;
    };

    it.each([
      {
        violation: 'orphan-tool-result',
        document: () => appended([result('t9', 'call-9')]),
        message:
          'Invalid state at $.working[5]: orphan-tool-result (message "t9", tool call "call-9"): working memory keeps every tool call and result paired, adjacently, by id',
      },
      {
        violation: 'missing-tool-result',
        document: () =>
          appended([call('a9', 'call-9'), text('f9', 'assistant', 'Done.')]),
        message:
          'Invalid state at $.working[5]: missing-tool-result (message "a9", tool call "call-9"): working memory keeps every tool call and result paired, adjacently, by id',
      },
      {
        violation: 'duplicate-tool-call-id',
        document: () =>
          appended([
            {
              ...call('a9', 'call-9'),
              content: [
                ...call('a9', 'call-9').content,
                ...call('a9', 'call-9').content,
              ],
            },
          ]),
        message:
          'Invalid state at $.working[5]: duplicate-tool-call-id (message "a9", tool call "call-9"): working memory keeps every tool call and result paired, adjacently, by id',
      },
      {
        violation: 'invalid-tool-message (a tool call in a user message)',
        document: () => appended([call('u9', 'call-9', 'user')]),
        message:
          'Invalid state at $.working[5]: invalid-tool-message (message "u9", tool call "call-9"): working memory keeps every tool call and result paired, adjacently, by id',
      },
      {
        violation: 'missing-original',
        document: () =>
          appended([text('u9', 'user', 'Hi.')], { workingOnly: true }),
        message:
          'Invalid state at $.working[5].id: missing-original (message "u9"): a working message ACM did not write has no original message with its id',
      },
    ])(
      'should reject $violation with an InvalidStateError naming it',
      ({ document, message }) => {
        const input = document();

        expect(parseError(input).message).toBe(message);
        expect(parseError(JSON.stringify(input)).message).toBe(message);
      },
    );

    it('should accept what deleteMessage, clearOffload and an unanswered call leave', () => {
      const document = documentOf();
      const working = document.working as Message[];
      // deleteMessage: the original keeps a message working memory dropped.
      working.splice(1, 1);
      // clearOffload: a stub names an entry that is gone.
      working.push({
        id: 'stub',
        role: 'user',
        content: [{ type: 'text', text: '[offloaded, reload id gone]' }],
        metadata: {
          acm: {
            kind: 'offload-stub',
            strategy: 'offloadLargeMessages',
            offloadId: 'gone',
          },
        },
      });
      // The last exchange is in flight: its call has no result yet.
      working.push(call('a9', 'call-9'));
      (document.original as Message[]).push(call('a9', 'call-9'));

      expect(parseState(document).working.map((message) => message.id)).toEqual(
        ['m0', 'm2', 'm3', 'm4', 'stub', 'a9'],
      );
    });
  });

  it('should throw an InvalidStateError for any truncated input', () => {
    fc.assert(
      fc.property(
        contextStateArbitrary,
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (generated, fraction) => {
          const text = serializeState(generated);
          const cut = Math.floor(text.length * fraction);
          const outcome = tryParse(text.slice(0, cut));
          expect(outcome.success).toBe(false);
          expect(
            !outcome.success && InvalidStateError.isInstance(outcome.error),
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should throw only InvalidStateError or return exactly what the corrupted text says', () => {
    fc.assert(
      fc.property(
        contextStateArbitrary,
        fc.nat(),
        fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }),
        (generated, position, replacement) => {
          const text = serializeState(generated);
          const at = position % text.length;
          const corrupted =
            text.slice(0, at) + replacement + text.slice(at + 1);
          expect(() => expectFaithfulOrInvalid(corrupted)).not.toThrow();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('should throw only InvalidStateError or return exactly the document for deleted keys', () => {
    fc.assert(
      fc.property(contextStateArbitrary, fc.nat(), (generated, choice) => {
        const document = JSON.parse(serializeState(generated)) as unknown;
        const owners = collectObjects(document);
        const owner = owners[choice % owners.length]!;
        const keys = Object.keys(owner);
        if (keys.length > 0) delete owner[keys[choice % keys.length]!];
        const corrupted = JSON.stringify(document);
        expect(() => expectFaithfulOrInvalid(corrupted)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

type ParseOutcome =
  { success: true; state: ContextState } | { success: false; error: unknown };

function tryParse(text: string): ParseOutcome {
  try {
    return { success: true, state: parseState(text) };
  } catch (error) {
    return { success: false, error };
  }
}

/**
 * What parsing the corrupted text gave: an InvalidStateError, or a state that
 * carries exactly the corrupted document's content (nothing lost or invented).
 */
function expectFaithfulOrInvalid(corrupted: string): void {
  const outcome = tryParse(corrupted);
  const observed = outcome.success
    ? {
        content: expandReferences({
          ...(JSON.parse(serializeState(outcome.state)) as JsonDocument),
          schemaVersion: (JSON.parse(corrupted) as JsonDocument).schemaVersion,
        }),
      }
    : { invalidStateError: InvalidStateError.isInstance(outcome.error) };
  // References to originals compare as the messages they name (a
  // corrupted index may name another original, or join two runs).
  const wanted = outcome.success
    ? { content: expandReferences(JSON.parse(corrupted) as JsonDocument) }
    : { invalidStateError: true };
  expect(observed).toStrictEqual(wanted);
}

function collectObjects(value: unknown): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object') continue;
    if (!Array.isArray(current))
      objects.push(current as Record<string, unknown>);
    pending.push(...Object.values(current as Record<string, unknown>));
  }
  return objects;
}
