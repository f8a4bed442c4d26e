// An Anthropic Messages request as the Messages API documents it (extended
// thinking with tool use, an image, a tool error): `system` beside
// `messages`, `thinking` blocks with their `signature`, `tool_use` blocks
// answered by `tool_result` blocks in the next user message. Written in the
// form `toAnthropicMessages` gives back (string content for one text block).
export const anthropicConversation = {
  system: 'You are a weather assistant. Use the tools.',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is the weather in Paris? Here is my map.' },
        {
          type: 'image',
          source: {
            type: 'base64',
            media_type: 'image/png',
            data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          },
        },
      ],
    },
    {
      role: 'assistant',
      content: [
        {
          type: 'thinking',
          thinking:
            'The user wants the weather in Paris. I should call get_weather.',
          signature:
            'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds2Zo6TR3Y4YiME6k4fj3QEhF8f7E5KjDmNN0gAzFBcT1AEMGoqOZ6hA8qBPBF',
        },
        { type: 'text', text: 'Let me check the weather.' },
        {
          type: 'tool_use',
          id: 'toolu_01A09q90qw90lq917835lq9',
          name: 'get_weather',
          input: { location: 'Paris, France', unit: 'celsius' },
        },
        {
          type: 'tool_use',
          id: 'toolu_01B3d9rGqV2KmE2sA3qZ8F7x',
          name: 'get_time',
          input: { timezone: 'Europe/Paris' },
        },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_01A09q90qw90lq917835lq9',
          content: '15 degrees, light rain',
        },
        {
          type: 'tool_result',
          tool_use_id: 'toolu_01B3d9rGqV2KmE2sA3qZ8F7x',
          content: [{ type: 'text', text: 'Unknown timezone' }],
          is_error: true,
        },
      ],
    },
    {
      role: 'assistant',
      content: 'It is 15 °C with light rain in Paris.',
    },
    { role: 'user', content: 'Thanks!' },
    {
      role: 'assistant',
      content: [
        {
          type: 'redacted_thinking',
          data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlx',
        },
        { type: 'text', text: 'You are welcome.' },
      ],
    },
  ],
} as const;
