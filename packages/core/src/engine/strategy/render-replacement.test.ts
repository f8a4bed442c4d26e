import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import type { PlannedEdit } from './compression-plan';
import { renderReplacement } from './render-replacement';

const noFacts = { paths: [], identifiers: [], numbers: [], errors: [] };

const toolMessage: Message = {
  id: 'summary',
  role: 'tool',
  content: [
    { type: 'tool-result', toolCallId: 'c1', toolName: 'bash', output: '' },
    { type: 'tool-result', toolCallId: 'c2', toolName: 'bash', output: 'kept' },
  ],
};

describe('renderReplacement', () => {
  it('should return the planned messages of an edit without placements', () => {
    const replacement: Message[] = [
      { id: 'stub', role: 'user', content: [{ type: 'text', text: 'stub' }] },
    ];
    const edit: PlannedEdit = {
      range: { start: 0, end: 1 },
      offloads: {},
      taskKeys: [],
      replacement,
    };

    expect(renderReplacement(edit, {})).toBe(replacement);
  });

  it('should place a summary with its note, ledger and tag in a text part', () => {
    const edit: PlannedEdit = {
      range: { start: 0, end: 2 },
      offloads: {},
      taskKeys: ['k'],
      replacement: [
        { id: 'opener', role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        {
          id: 'summary',
          role: 'assistant',
          content: [{ type: 'text', text: '' }],
        },
      ],
      placements: [
        {
          message: 1,
          part: 0,
          taskKey: 'k',
          note: 'Used the plan tool.',
          ledger: { ...noFacts, paths: ['src/a.ts'] },
          offloadId: 'off-1',
        },
      ],
    };

    expect(renderReplacement(edit, { k: 'Did things.' })).toEqual([
      { id: 'opener', role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      {
        id: 'summary',
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: 'Did things.\nUsed the plan tool.\nFacts kept verbatim — paths: src/a.ts\n<!-- CONTEXT_OFFLOAD: uuid=off-1 -->',
          },
        ],
      },
    ]);
  });

  it('should place a summary in the output of a tool-result part, other parts kept', () => {
    const edit: PlannedEdit = {
      range: { start: 0, end: 1 },
      offloads: {},
      taskKeys: ['k'],
      replacement: [toolMessage],
      placements: [
        {
          message: 0,
          part: 0,
          taskKey: 'k',
          ledger: noFacts,
          offloadId: 'off-2',
        },
      ],
    };

    const [message] = renderReplacement(edit, { k: 'Listed files.' });

    expect(message!.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'bash',
        output: 'Listed files.\n<!-- CONTEXT_OFFLOAD: uuid=off-2 -->',
      },
      toolMessage.content[1],
    ]);
    expect(toolMessage.content[0]).toMatchObject({ output: '' });
  });

  it('should give the ledger only the room a sized summary left', () => {
    const ledger = { ...noFacts, identifiers: ['ORDER-12345', 'ORDER-67890'] };
    const edit: PlannedEdit = {
      range: { start: 0, end: 1 },
      offloads: {},
      taskKeys: ['k'],
      replacement: [
        { id: 's', role: 'assistant', content: [{ type: 'text', text: '' }] },
      ],
      placements: [
        {
          message: 0,
          part: 0,
          taskKey: 'k',
          ledger,
          offloadId: 'off-3',
          targetChars: 10,
        },
      ],
    };

    const [message] = renderReplacement(edit, { k: 'Ten chars.' });

    expect(message!.content).toEqual([
      {
        type: 'text',
        text: 'Ten chars.\n<!-- CONTEXT_OFFLOAD: uuid=off-3 -->',
      },
    ]);
  });
});
