import type { Message } from '@acm/core';
import { fromLangChainSerializedMessages } from '@acm/core/formats';
import {
  AIMessage,
  ChatMessage,
  HumanMessage,
  mapChatMessagesToStoredMessages,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { fromLangChainMessages } from '@acm/core/formats';
import { toLangChainMessages } from './to-langchain-messages';

const messages = [
  new SystemMessage('You are a weather assistant.'),
  new HumanMessage({
    id: 'run-1-human',
    content: [
      { type: 'text', text: 'What is the weather in Paris?' },
      { type: 'image_url', image_url: { url: 'https://example.com/p.png' } },
    ],
  }),
  new AIMessage({
    id: 'run-1-ai',
    content: 'Let me check.',
    tool_calls: [
      {
        id: 'call_1',
        name: 'get_weather',
        args: { location: 'Paris' },
        type: 'tool_call',
      },
    ],
  }),
  new ToolMessage({
    content: '15 degrees',
    tool_call_id: 'call_1',
    name: 'get_weather',
  }),
  new ChatMessage({ content: 'Anything else?', role: 'user' }),
  new AIMessage('No, that is all.'),
];

/** Roles and parts: what both converters model (the adapter also keeps `metadata.langchain`, and a tool message's name). */
function modelled(converted: readonly Message[]): unknown[] {
  return converted.map(
    ({ metadata: _metadata, name: _name, ...message }) => message,
  );
}

describe('fromLangChainSerializedMessages (@acm/core/formats)', () => {
  it('should read stored and lc JSON of real messages as fromLangChainMessages reads the objects', () => {
    const live = modelled(fromLangChainMessages(messages));
    expect(
      modelled(
        fromLangChainSerializedMessages(
          mapChatMessagesToStoredMessages(messages),
        ),
      ),
    ).toEqual(live);
    expect(
      modelled(
        fromLangChainSerializedMessages(
          JSON.parse(JSON.stringify(messages)) as unknown[],
        ),
      ),
    ).toEqual(live);
  });

  it('should round-trip core messages through toLangChainMessages and the stored form', () => {
    const core = fromLangChainMessages(messages);
    expect(
      modelled(
        fromLangChainSerializedMessages(
          mapChatMessagesToStoredMessages(toLangChainMessages(core)),
        ),
      ),
    ).toEqual(modelled(core));
  });
});
