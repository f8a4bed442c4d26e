import type { Message } from '../../../vocabulary/message/message';

export const systemMessage: Message = {
  id: 'm0',
  role: 'system',
  content: [{ type: 'text', text: 'You are a helpful agent.' }],
};

export const userMessage: Message = {
  id: 'm1',
  role: 'user',
  content: [{ type: 'text', text: 'List the files.' }],
};

export const callMessage: Message = {
  id: 'm2',
  role: 'assistant',
  content: [
    { type: 'reasoning', text: 'I should run ls.', providerMetadata: { a: 1 } },
    {
      type: 'tool-call',
      toolCallId: 'call-1',
      toolName: 'bash',
      input: { command: 'ls' },
    },
  ],
};

export const resultMessage: Message = {
  id: 'm3',
  role: 'tool',
  content: [
    {
      type: 'tool-result',
      toolCallId: 'call-1',
      toolName: 'bash',
      output: 'a.txt\nb.txt',
      isError: false,
    },
  ],
};

export const answerMessage: Message = {
  id: 'm4',
  role: 'assistant',
  name: 'agent',
  content: [
    { type: 'text', text: 'There are two files: a.txt and b.txt. 📁 文件' },
    {
      type: 'file',
      mediaType: 'text/plain',
      data: 'YS50eHQ=',
      filename: 'a.txt',
    },
  ],
  metadata: { provider: { latencyMs: 12 } },
};

export const conversationFixture: readonly Message[] = [
  systemMessage,
  userMessage,
  callMessage,
  resultMessage,
  answerMessage,
];
