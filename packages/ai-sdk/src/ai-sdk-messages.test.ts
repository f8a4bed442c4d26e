import type { AiSdkMessage, AiSdkOtherPart } from '@acm/core/formats';
import { fromAiSdkMessages, toAiSdkMessages } from '@acm/core/formats';
import { checkContract } from '@acm/core';
import { withAcmMarker } from '@acm/core/adapter';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** A part the converters pass through (approvals, `custom`). */
const other = (
  part: AiSdkOtherPart & Record<string, unknown>,
): AiSdkOtherPart => part;

const signature = { anthropic: { signature: 'sig-1' } };

/** Every part and output kind of ai 6 (V3) and ai 7 (V4), plus ModelMessage forms. */
const messagesFixture: AiSdkMessage[] = [
  {
    role: 'system',
    content: 'Be brief.',
    providerOptions: { openai: { a: 1 } },
  },
  {
    role: 'user',
    content: [
      {
        type: 'text',
        text: 'Look',
        providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
      },
      {
        type: 'file',
        data: 'aGVsbG8=',
        mediaType: 'text/plain',
        filename: 'a.txt',
      },
      {
        type: 'file',
        data: new Uint8Array([1, 2, 3]),
        mediaType: 'application/octet-stream',
      },
      {
        type: 'file',
        data: new URL('https://example.com/a.png'),
        mediaType: 'image/png',
      },
      {
        type: 'file',
        data: { type: 'data', data: 'AAEC' },
        mediaType: 'image/png',
      },
      {
        type: 'file',
        data: { type: 'data', data: new Uint8Array([9]) },
        mediaType: 'image/png',
      },
      {
        type: 'file',
        data: { type: 'url', url: new URL('https://example.com/b') },
        mediaType: 'image',
      },
      {
        type: 'file',
        data: { type: 'reference', reference: { openai: 'file-1' } },
        mediaType: 'application/pdf',
      },
      {
        type: 'file',
        data: { type: 'text', text: 'inline doc' },
        mediaType: 'text/plain',
      },
      { type: 'image', image: 'AAAA' },
      {
        type: 'image',
        image: new URL('https://example.com/c.jpg'),
        mediaType: 'image/jpeg',
      },
    ],
    providerOptions: { openai: { user: 'u1' } },
  },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'thinking', providerOptions: signature },
      {
        type: 'reasoning-file',
        data: { type: 'data', data: 'AA==' },
        mediaType: 'image/png',
      },
      other({
        type: 'custom',
        kind: 'openai.compaction',
        providerOptions: { openai: { id: 'c1' } },
      }),
      { type: 'text', text: 'Calling' },
      {
        type: 'tool-call',
        toolCallId: 'c1',
        toolName: 'search',
        input: { q: 'x' },
      },
      {
        type: 'tool-call',
        toolCallId: 'c2',
        toolName: 'web',
        input: {},
        providerExecuted: true,
        providerOptions: { openai: { itemId: 'i2' } },
      },
      {
        type: 'tool-result',
        toolCallId: 'c2',
        toolName: 'web',
        output: { type: 'json', value: { hits: 2 } },
      },
      {
        type: 'tool-call',
        toolCallId: 'c3',
        toolName: 'read',
        input: { path: '/a' },
      },
      {
        type: 'tool-call',
        toolCallId: 'c4',
        toolName: 'rm',
        input: { path: '/' },
      },
      {
        type: 'tool-call',
        toolCallId: 'c5',
        toolName: 'rm',
        input: { path: '/b' },
      },
      { type: 'tool-call', toolCallId: 'c6', toolName: 'img', input: {} },
      { type: 'tool-call', toolCallId: 'c7', toolName: 'fail', input: {} },
      other({
        type: 'tool-approval-request',
        approvalId: 'ap1',
        toolCallId: 'c4',
      }),
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'search',
        output: { type: 'text', value: 'found' },
        providerOptions: { openai: { x: 1 } },
      },
      {
        type: 'tool-result',
        toolCallId: 'c3',
        toolName: 'read',
        output: {
          type: 'error-text',
          value: 'ENOENT',
          providerOptions: { openai: { y: 2 } },
        },
      },
      other({
        type: 'tool-approval-response',
        approvalId: 'ap1',
        approved: false,
        reason: 'no',
      }),
      {
        type: 'tool-result',
        toolCallId: 'c4',
        toolName: 'rm',
        output: { type: 'execution-denied', reason: 'no' },
      },
      {
        type: 'tool-result',
        toolCallId: 'c5',
        toolName: 'rm',
        output: { type: 'execution-denied' },
      },
      {
        type: 'tool-result',
        toolCallId: 'c6',
        toolName: 'img',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'an image' },
            {
              type: 'file',
              data: { type: 'data', data: new Uint8Array([7]) },
              mediaType: 'image/png',
            },
          ],
        },
      },
      {
        type: 'tool-result',
        toolCallId: 'c7',
        toolName: 'fail',
        output: { type: 'error-json', value: { code: 1 } },
      },
    ],
  },
  { role: 'assistant', content: 'Done.' },
  { role: 'user', content: 'Thanks' },
];

describe('fromAiSdkMessages', () => {
  it('should convert every part and output kind to core messages', () => {
    const messages = fromAiSdkMessages(messagesFixture);
    expect(
      messages.map((message) => message.content.map((part) => part.type)),
    ).toEqual([
      ['text'],
      [
        'text',
        'file',
        'file',
        'file',
        'file',
        'file',
        'file',
        'file',
        'file',
        'file',
        'file',
      ],
      [
        'reasoning',
        'file',
        'text',
        'tool-call',
        'tool-call',
        'tool-result',
        'tool-call',
        'tool-call',
        'tool-call',
        'tool-call',
        'tool-call',
      ],
      [
        'tool-result',
        'tool-result',
        'tool-result',
        'tool-result',
        'tool-result',
        'tool-result',
      ],
      ['text'],
      ['text'],
    ]);
    expect(messages[2]!.content[0]).toEqual({
      type: 'reasoning',
      text: 'thinking',
      providerMetadata: signature,
    });
    expect(
      messages[3]!.content.map((part) =>
        part.type === 'tool-result'
          ? [part.output, part.isError ?? false]
          : null,
      ),
    ).toEqual([
      ['found', false],
      ['ENOENT', true],
      ['no', true],
      ['Tool execution denied.', true],
      [
        [
          { type: 'text', text: 'an image' },
          {
            type: 'file',
            data: { type: 'data', data: { __acmBytes: 'Bw==' } },
            mediaType: 'image/png',
          },
        ],
        false,
      ],
      [{ code: 1 }, true],
    ]);
  });

  it('should keep only JSON in core messages', () => {
    const messages = fromAiSdkMessages(messagesFixture);
    expect(JSON.parse(JSON.stringify(messages))).toEqual(messages);
  });

  it('should give the same messages back through toAiSdkMessages', () => {
    expect(toAiSdkMessages(fromAiSdkMessages(messagesFixture))).toEqual(
      messagesFixture,
    );
  });

  it('should give the same messages back after a JSON round trip of the core messages', () => {
    const stored = JSON.parse(
      JSON.stringify(fromAiSdkMessages(messagesFixture)),
    ) as ReturnType<typeof fromAiSdkMessages>;
    expect(toAiSdkMessages(stored)).toEqual(messagesFixture);
  });

  it('should produce messages that satisfy the contract for a paired conversation', () => {
    const messages = fromAiSdkMessages([
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'a', toolName: 't', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 't',
            output: { type: 'json', value: [1] },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    ]);
    expect(checkContract(messages)).toEqual([]);
  });

  it('should round-trip generated prompts exactly', () => {
    const providerOptions = fc.option(
      fc.dictionary(
        fc.constantFrom('openai', 'anthropic'),
        fc.dictionary(
          fc.string({ maxLength: 4 }),
          fc.jsonValue({ maxDepth: 2 }),
          { maxKeys: 2 },
        ),
        { minKeys: 1, maxKeys: 2 },
      ),
      { nil: undefined },
    );
    const withOptions = <T extends object>(part: T, options: unknown) =>
      options === undefined ? part : { ...part, providerOptions: options };
    const text = fc
      .tuple(fc.string(), providerOptions)
      .map(([value, options]) =>
        withOptions({ type: 'text' as const, text: value }, options),
      );
    const file = fc
      .tuple(
        fc.oneof(
          fc.base64String(),
          fc.uint8Array({ maxLength: 8 }),
          fc.webUrl().map((url) => new URL(url)),
          fc.base64String().map((data) => ({ type: 'data' as const, data })),
        ),
        fc.constantFrom('image/png', 'text/plain'),
        fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
      )
      .map(([data, mediaType, filename]) =>
        filename === undefined
          ? { type: 'file' as const, data, mediaType }
          : { type: 'file' as const, data, mediaType, filename },
      );
    const reasoning = fc
      .tuple(fc.string(), providerOptions)
      .map(([value, options]) =>
        withOptions({ type: 'reasoning' as const, text: value }, options),
      );
    const toolId = fc.string({ minLength: 1, maxLength: 6 });
    const toolCall = fc
      .tuple(
        toolId,
        fc.jsonValue({ maxDepth: 2 }),
        fc.option(fc.boolean(), { nil: undefined }),
      )
      .map(([id, input, providerExecuted]) => ({
        type: 'tool-call' as const,
        toolCallId: id,
        toolName: 'tool',
        input: input ?? null,
        ...(providerExecuted === undefined ? {} : { providerExecuted }),
      }));
    const output = fc.oneof(
      fc.string().map((value) => ({ type: 'text' as const, value })),
      fc.string().map((value) => ({ type: 'error-text' as const, value })),
      fc
        .jsonValue({ maxDepth: 2 })
        .map((value) => ({ type: 'json' as const, value: value ?? null })),
      fc.jsonValue({ maxDepth: 2 }).map((value) => ({
        type: 'error-json' as const,
        value: value ?? null,
      })),
      fc
        .option(fc.string(), { nil: undefined })
        .map((reason) =>
          reason === undefined
            ? { type: 'execution-denied' as const }
            : { type: 'execution-denied' as const, reason },
        ),
      fc
        .array(
          fc.string().map((value) => ({ type: 'text' as const, text: value })),
          { maxLength: 2 },
        )
        .map((value) => ({ type: 'content' as const, value })),
    );
    const toolResult = fc
      .tuple(toolId, output, providerOptions)
      .map(([id, value, options]) =>
        withOptions(
          {
            type: 'tool-result' as const,
            toolCallId: id,
            toolName: 'tool',
            output: value,
          },
          options,
        ),
      );
    const approval = fc
      .tuple(fc.string({ maxLength: 4 }), fc.boolean())
      .map(([id, approved]) =>
        other({ type: 'tool-approval-response', approvalId: id, approved }),
      );
    // One message never uses a call id twice (the contract forbids it; a part
    // keyed by a repeated id cannot be told apart from the first on the way back).
    const hasDistinctCallIds = (parts: readonly object[]): boolean => {
      const ids = parts.flatMap((part) =>
        'toolCallId' in part ? [String(part.toolCallId)] : [],
      );
      return new Set(ids).size === ids.length;
    };
    const message: fc.Arbitrary<AiSdkMessage> = fc.oneof(
      fc
        .tuple(fc.string(), providerOptions)
        .map(([content, options]) =>
          withOptions({ role: 'system' as const, content }, options),
        ),
      fc
        .tuple(
          fc.oneof(
            fc.string(),
            fc.array(fc.oneof(text, file), { maxLength: 3 }),
          ),
          providerOptions,
        )
        .map(([content, options]) =>
          withOptions({ role: 'user' as const, content }, options),
        ),
      fc
        .array(fc.oneof(text, reasoning, file, toolCall, toolResult), {
          maxLength: 4,
        })
        .filter(hasDistinctCallIds)
        .map((content) => ({ role: 'assistant' as const, content })),
      fc
        .array(fc.oneof(toolResult, approval), { maxLength: 3 })
        .filter(hasDistinctCallIds)
        .map((content) => ({ role: 'tool' as const, content })),
    );
    fc.assert(
      fc.property(fc.array(message, { maxLength: 6 }), (messages) => {
        const core = JSON.parse(
          JSON.stringify(fromAiSdkMessages(messages)),
        ) as ReturnType<typeof fromAiSdkMessages>;
        expect(toAiSdkMessages(core)).toEqual(messages);
      }),
      { numRuns: 150 },
    );
  });
});

describe('toAiSdkMessages', () => {
  it('should write an edited part from its content, not from stale metadata', () => {
    const [message] = fromAiSdkMessages([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 't',
            output: {
              type: 'content',
              value: [{ type: 'text', text: 'long' }],
            },
            providerOptions: { openai: { k: 1 } },
          },
        ],
      },
    ]);
    const stub = withAcmMarker(
      {
        ...message!,
        id: 'stub',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 't',
            output: 'preview <!-- CONTEXT_OFFLOAD: uuid=x -->',
          },
        ],
      },
      { kind: 'offload-stub', offloadId: 'x' },
    );
    expect(toAiSdkMessages([stub])).toEqual([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 't',
            output: {
              type: 'text',
              value: 'preview <!-- CONTEXT_OFFLOAD: uuid=x -->',
            },
            providerOptions: { openai: { k: 1 } },
          },
        ],
      },
    ]);
  });

  it('should write tagged file data for v4 when no form is recorded', () => {
    expect(
      toAiSdkMessages(
        [
          {
            id: 'a',
            role: 'user',
            content: [
              {
                type: 'file',
                mediaType: 'image/png',
                data: 'https://example.com/a.png',
              },
              { type: 'file', mediaType: 'image/png', data: 'AAAA' },
            ],
          },
        ],
        { specificationVersion: 'v4' },
      ),
    ).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'file',
            mediaType: 'image/png',
            data: { type: 'url', url: new URL('https://example.com/a.png') },
          },
          {
            type: 'file',
            mediaType: 'image/png',
            data: { type: 'data', data: 'AAAA' },
          },
        ],
      },
    ]);
  });
});
