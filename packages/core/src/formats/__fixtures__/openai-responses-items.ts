// OpenAI Responses API input items for a function-calling turn with a
// reasoning model, in the shape the AI SDK's OpenAI provider sends them
// (`{ role, content: [input_text…] }` messages, `reasoning` items with their
// summary and encrypted content, `function_call` with JSON-text arguments and
// `function_call_output`), which is also what `toOpenAIResponsesItems` writes.
export const openAIResponsesItems = [
  {
    role: 'system',
    content: [{ type: 'input_text', text: 'You are a weather assistant.' }],
  },
  {
    role: 'user',
    content: [
      { type: 'input_text', text: 'What is the weather in Paris?' },
      { type: 'input_image', image_url: 'https://example.com/paris.png' },
    ],
  },
  {
    type: 'reasoning',
    id: 'rs_68c1a2b3c4d5e6f7',
    summary: [
      {
        type: 'summary_text',
        text: '**Checking the weather**\n\nI will call get_weather for Paris.',
      },
    ],
    encrypted_content: 'gAAAAABoxyz-encrypted-reasoning==',
  },
  {
    role: 'assistant',
    content: [{ type: 'output_text', text: 'Let me check.' }],
  },
  {
    type: 'function_call',
    call_id: 'call_12345xyz',
    name: 'get_weather',
    arguments: '{"location":"Paris, France"}',
  },
  {
    type: 'function_call_output',
    call_id: 'call_12345xyz',
    output: '{"temperature":15,"conditions":"light rain"}',
  },
  {
    role: 'assistant',
    content: [{ type: 'output_text', text: 'It is 15 °C with light rain.' }],
  },
] as const;

// The same conversation as a hand-written request and fed-back output items:
// EasyInputMessage strings, `type: 'message'` output items with ids, status
// and annotations, a function call item with its `fc_` id.
export const openAIResponsesOutputItems = [
  { role: 'developer', content: 'You are a weather assistant.' },
  { role: 'user', content: 'What is the weather in Paris?' },
  {
    type: 'reasoning',
    id: 'rs_68c1a2b3c4d5e6f7',
    summary: [],
  },
  {
    type: 'function_call',
    id: 'fc_68c1a2b3c4d5e6f8',
    call_id: 'call_12345xyz',
    name: 'get_weather',
    arguments: '{"location":"Paris, France"}',
    status: 'completed',
  },
  {
    type: 'function_call_output',
    call_id: 'call_12345xyz',
    output: 'not json: 15 degrees',
  },
  {
    type: 'message',
    id: 'msg_68c1a2b3c4d5e6f9',
    role: 'assistant',
    status: 'completed',
    content: [
      { type: 'output_text', text: 'It is 15 °C.', annotations: [] },
      { type: 'refusal', refusal: 'I cannot tell tomorrow.' },
    ],
  },
] as const;
