import { createAutoContextMemory, stringifyToolOutput } from '@acm/core';
import { CONTEXT_SEARCH_TOOL_NAME } from '@acm/core/long-term';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import { describe, expect, it } from 'vitest';
import { autoContextHook } from '../auto-context/auto-context-hook';
import { createReActAgent } from '../react-agent/create-react-agent';
import { scriptedChatModel } from '../testing/scripted-chat-model';

describe('autoContextHook (context_search)', () => {
  it('should register context_search next to context_reload, searching this session only', async () => {
    const memory = createAutoContextMemory({
      sessionId: 'session-1',
      clock: fixedClock(0),
      generateId: sequentialIds('memory'),
    });
    await memory.addMessages([
      {
        id: 'u0',
        role: 'user',
        content: [{ type: 'text', text: 'My reservation is XEWRD9.' }],
      },
      {
        id: 'a0',
        role: 'assistant',
        content: [{ type: 'text', text: 'Thanks, noted.' }],
      },
    ]);
    const model = scriptedChatModel([
      {
        message: {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: CONTEXT_SEARCH_TOOL_NAME,
              input: { query: 'XEWRD9' },
            },
          ],
        },
      },
      {
        message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      },
    ]);
    const agent = createReActAgent({
      model,
      memory,
      hooks: [autoContextHook({ memory })],
      generateId: sequentialIds('agent'),
    });

    await agent.run('What was my reservation?');

    expect(model.calls[0]!.tools.map((tool) => tool.name)).toStrictEqual([
      'context_reload',
      CONTEXT_SEARCH_TOOL_NAME,
    ]);
    const result = model.calls[1]!.messages.at(-1)!.content[0]!;
    expect(result.type).toBe('tool-result');
    expect(
      stringifyToolOutput((result as { output: unknown }).output),
    ).toStrictEqual(
      [
        '2 earlier messages match "XEWRD9", best first:',
        '[1] user message #1 (still in your context):',
        'My reservation is XEWRD9.',
        // The search call itself is in the history it searches (core's choice).
        '[2] assistant message #4 (still in your context):',
        'context_search {"query":"XEWRD9"}',
      ].join('\n'),
    );
  });
});
