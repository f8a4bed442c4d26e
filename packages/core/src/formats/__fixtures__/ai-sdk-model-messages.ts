// AI SDK `ModelMessage`s (`ai` 6 and 7) as an app saves them between
// `generateText` calls (`[...messages, ...result.response.messages]`):
// string or part content, `reasoning` parts with provider options (the
// Anthropic signature), `tool-call` parts with `input`, tool messages with
// typed `output`s, an image by URL, a file by base64, a tool approval
// response. `@acm/ai-sdk`'s tests check the same messages against `ai`'s
// `ModelMessage` type.
export const aiSdkModelMessages = [
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
      {
        type: 'tool-call',
        toolCallId: 'call_67890abc',
        toolName: 'get_time',
        input: { timezone: 'Europe/Paris' },
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
        output: {
          type: 'json',
          value: { temperature: 15, conditions: 'light rain' },
        },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_67890abc',
        toolName: 'get_time',
        output: { type: 'error-text', value: 'Unknown timezone' },
      },
      {
        type: 'tool-approval-response',
        approvalId: 'approval-1',
        approved: true,
      },
    ],
  },
  { role: 'assistant', content: 'It is 15 °C with light rain.' },
] as const;
