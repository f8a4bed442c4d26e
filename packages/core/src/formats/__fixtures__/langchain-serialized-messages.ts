// Generated with @langchain/core 1.4.0 from real message classes: the stored
// form (`mapChatMessagesToStoredMessages`, `toDict()`) and the `lc` constructor
// JSON (`JSON.stringify(message)`) of one conversation.
export const langChainStoredMessages = [
  {
    type: 'system',
    data: {
      content: 'You are a weather assistant.',
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    type: 'human',
    data: {
      id: 'run-1-human',
      content: [
        {
          type: 'text',
          text: 'What is the weather in Paris?',
        },
        {
          type: 'image_url',
          image_url: {
            url: 'https://example.com/paris.png',
          },
        },
      ],
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    type: 'ai',
    data: {
      id: 'run-1-ai',
      content: 'Let me check.',
      tool_calls: [
        {
          id: 'call_12345xyz',
          name: 'get_weather',
          args: {
            location: 'Paris, France',
          },
          type: 'tool_call',
        },
      ],
      usage_metadata: {
        input_tokens: 31,
        output_tokens: 18,
        total_tokens: 49,
      },
      invalid_tool_calls: [],
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    type: 'tool',
    data: {
      content: '15 degrees, light rain',
      tool_call_id: 'call_12345xyz',
      name: 'get_weather',
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    type: 'tool',
    data: {
      content: 'Unknown timezone',
      tool_call_id: 'call_12345xyz',
      status: 'error',
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    type: 'generic',
    data: {
      content: 'Anything else?',
      role: 'user',
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    type: 'ai',
    data: {
      content: [
        {
          type: 'thinking',
          thinking: 'Nothing more to check.',
          signature: 'EqQBCgIYAh',
        },
        {
          type: 'text',
          text: 'It is 15 °C with light rain.',
        },
      ],
      tool_calls: [],
      invalid_tool_calls: [],
      additional_kwargs: {},
      response_metadata: {},
    },
  },
] as const;
export const langChainConstructorMessages = [
  {
    lc: 1,
    type: 'constructor',
    id: ['langchain_core', 'messages', 'SystemMessage'],
    kwargs: {
      content: 'You are a weather assistant.',
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    lc: 1,
    type: 'constructor',
    id: ['langchain_core', 'messages', 'HumanMessage'],
    kwargs: {
      id: 'run-1-human',
      content: [
        {
          type: 'text',
          text: 'What is the weather in Paris?',
        },
        {
          type: 'image_url',
          image_url: {
            url: 'https://example.com/paris.png',
          },
        },
      ],
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    lc: 1,
    type: 'constructor',
    id: ['langchain_core', 'messages', 'AIMessage'],
    kwargs: {
      id: 'run-1-ai',
      content: 'Let me check.',
      tool_calls: [
        {
          id: 'call_12345xyz',
          name: 'get_weather',
          args: {
            location: 'Paris, France',
          },
          type: 'tool_call',
        },
      ],
      usage_metadata: {
        input_tokens: 31,
        output_tokens: 18,
        total_tokens: 49,
      },
      invalid_tool_calls: [],
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    lc: 1,
    type: 'constructor',
    id: ['langchain_core', 'messages', 'ToolMessage'],
    kwargs: {
      content: '15 degrees, light rain',
      tool_call_id: 'call_12345xyz',
      name: 'get_weather',
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    lc: 1,
    type: 'constructor',
    id: ['langchain_core', 'messages', 'ToolMessage'],
    kwargs: {
      content: 'Unknown timezone',
      tool_call_id: 'call_12345xyz',
      status: 'error',
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    lc: 1,
    type: 'constructor',
    id: ['langchain_core', 'messages', 'ChatMessage'],
    kwargs: {
      content: 'Anything else?',
      role: 'user',
      additional_kwargs: {},
      response_metadata: {},
    },
  },
  {
    lc: 1,
    type: 'constructor',
    id: ['langchain_core', 'messages', 'AIMessage'],
    kwargs: {
      content: [
        {
          type: 'thinking',
          thinking: 'Nothing more to check.',
          signature: 'EqQBCgIYAh',
        },
        {
          type: 'text',
          text: 'It is 15 °C with light rain.',
        },
      ],
      tool_calls: [],
      invalid_tool_calls: [],
      additional_kwargs: {},
      response_metadata: {},
    },
  },
] as const;
