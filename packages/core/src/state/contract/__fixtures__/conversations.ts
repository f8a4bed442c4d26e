import type { Message } from '../../../vocabulary/message/message';

/** user → exchange (2 parallel calls) → final answer → user → in-flight exchange (1 pending call). */
export const conversationFixture: readonly Message[] = [
  { id: 'm0', role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
  { id: 'm1', role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
  {
    id: 'm2',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'c1',
        toolName: 'weather',
        input: { city: 'Oslo' },
      },
      {
        type: 'tool-call',
        toolCallId: 'c2',
        toolName: 'weather',
        input: { city: 'Rome' },
      },
    ],
  },
  {
    id: 'm3',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'weather',
        output: 'rain',
      },
    ],
  },
  {
    id: 'm4',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c2',
        toolName: 'weather',
        output: 'sun',
      },
    ],
  },
  {
    id: 'm5',
    role: 'assistant',
    content: [{ type: 'text', text: 'Oslo rain, Rome sun.' }],
  },
  { id: 'm6', role: 'user', content: [{ type: 'text', text: 'And Paris?' }] },
  {
    id: 'm7',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'c3',
        toolName: 'weather',
        input: { city: 'Paris' },
      },
    ],
  },
];

/** Replaces message `index` of `messages` (a copy is returned). */
export function replaceAt(
  messages: readonly Message[],
  index: number,
  ...replacements: Message[]
): Message[] {
  return [
    ...messages.slice(0, index),
    ...replacements,
    ...messages.slice(index + 1),
  ];
}

/** Inserts `inserted` before position `index` (a copy is returned). */
export function insertAt(
  messages: readonly Message[],
  index: number,
  ...inserted: Message[]
): Message[] {
  return [...messages.slice(0, index), ...inserted, ...messages.slice(index)];
}
