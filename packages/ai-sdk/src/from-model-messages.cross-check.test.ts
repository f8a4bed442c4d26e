import { fromAiSdkMessages, toAiSdkMessages } from '@acm/core/formats';
import type { Message } from '@acm/core';
import { fromModelMessages } from '@acm/core/formats';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';

// The shapes of core's AI SDK fixture (packages/core/src/formats/__fixtures__),
// typed by `ai`'s own `ModelMessage`: the type checker confirms they are real.
const messages: ModelMessage[] = [
  { role: 'system', content: 'You are a weather assistant.' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'What is the weather in Paris?' },
      { type: 'image', image: 'https://example.com/paris.png' },
      {
        type: 'file',
        data: 'JVBERi0xLjQK',
        mediaType: 'application/pdf',
        filename: 'forecast.pdf',
      },
    ],
  },
  {
    role: 'assistant',
    content: [
      {
        type: 'reasoning',
        text: 'I should call get_weather.',
        providerOptions: { anthropic: { signature: 'EqQBCgIYAh' } },
      },
      { type: 'text', text: 'Let me check.' },
      {
        type: 'tool-call',
        toolCallId: 'call_12345xyz',
        toolName: 'get_weather',
        input: { location: 'Paris, France' },
      },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_12345xyz',
        toolName: 'get_weather',
        output: { type: 'json', value: { temperature: 15 } },
      },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_12345xyz',
        toolName: 'get_weather',
        output: { type: 'error-text', value: 'Timeout' },
      },
    ],
  },
  { role: 'assistant', content: 'It is 15 °C.' },
];

/** Roles, names and parts: what both converters model (the adapter also keeps `metadata.aiSdk`). */
function modelled(converted: readonly Message[]): unknown[] {
  return converted.map(({ metadata: _metadata, ...message }) => message);
}

describe('fromModelMessages (@acm/core/formats)', () => {
  it("should read ModelMessage JSON as the adapter's lossless converter does", () => {
    const json = JSON.parse(JSON.stringify(messages)) as unknown[];
    expect(modelled(fromModelMessages(json))).toEqual(
      modelled(fromAiSdkMessages(messages)),
    );
  });

  it('should round-trip through toAiSdkMessages', () => {
    const core = fromModelMessages(messages);
    expect(modelled(fromModelMessages(toAiSdkMessages(core)))).toEqual(
      modelled(core),
    );
  });
});
