import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import { renderTranscript } from '../text/render-transcript';
import { createExtractiveSummarizer } from './create-extractive-summarizer';

const signal = new AbortController().signal;

const messages: Message[] = [
  {
    id: 'u',
    role: 'user',
    content: [{ type: 'text', text: 'Why does the build fail?' }],
  },
  {
    id: 'a',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'call_0001',
        toolName: 'bash',
        input: { command: 'npm test' },
      },
    ],
  },
  {
    id: 't',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_0001',
        toolName: 'bash',
        output: [
          '> acm@1.0.0 test',
          ...Array.from(
            { length: 40 },
            (_, index) => `  ✓ case ${index} passes`,
          ),
          "TypeError: Cannot read properties of undefined (reading 'id') at src/state/apply.ts:42",
          ...Array.from(
            { length: 40 },
            (_, index) => `  ✓ other ${index} passes`,
          ),
          'Tests: 1 failed, 80 passed',
        ].join('\n'),
      },
    ],
  },
];

describe('createExtractiveSummarizer', () => {
  it('should write the sections the default prompts ask for, without call ids or a ledger of its own', async () => {
    const transcript = renderTranscript(messages);
    const result = await createExtractiveSummarizer()({
      instructions: 'ignored',
      transcript,
      signal,
    });
    expect(result).toEqual({
      text: [
        'Task and constraints:',
        '- Why does the build fail?',
        'Progress and decisions:',
        '- bash npm test → > acm@1.0.0 test ⏎ … ⏎ Tests: 1 failed, 80 passed',
        'Errors and fixes:',
        "- TypeError: Cannot read properties of undefined (reading 'id') at src/state/apply.ts:42 (from: bash npm test)",
        'Next step:',
        '- last call: bash npm test',
      ].join('\n'),
      usage: { inputTokens: 0, outputTokens: 0 },
    });
  });

  it('should fit targetChars, keeping the task first', async () => {
    const transcript = renderTranscript(messages);
    const { text } = await createExtractiveSummarizer()({
      instructions: '',
      transcript,
      targetChars: 120,
      signal,
    });
    expect(text).toBe(
      [
        'Task and constraints:',
        '- Why does the build fail?',
        'Errors and fixes:',
        '- TypeError: Cannot read properties of undefined (…',
      ].join('\n'),
    );
    expect(text.length).toBeLessThanOrEqual(120);
  });

  it('should aim at a quarter of the transcript, at most maxChars', async () => {
    const transcript = Array.from(
      { length: 400 },
      (_, index) => `[user]\nline ${index} of the log`,
    ).join('\n\n');
    const summarize = createExtractiveSummarizer({ maxChars: 500 });
    const { text } = await summarize({ instructions: '', transcript, signal });
    expect(text.length).toBeLessThanOrEqual(500);
    const short = transcript.slice(0, 800);
    const { text: shortText } = await summarize({
      instructions: '',
      transcript: short,
      signal,
    });
    expect(shortText.length).toBeLessThanOrEqual(200);
  });

  it('should reject with the abort reason when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(
      createExtractiveSummarizer()({
        instructions: '',
        transcript: '[user]\nhi',
        signal: controller.signal,
      }),
    ).rejects.toThrow('stop');
  });

  it('should return an empty text for an empty transcript', async () => {
    const { text } = await createExtractiveSummarizer()({
      instructions: '',
      transcript: '',
      signal,
    });
    expect(text).toBe('');
  });

  it('should always be shorter than the transcript and non-empty from two code points on', async () => {
    const summarize = createExtractiveSummarizer({ maxChars: 300 });
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 2, maxLength: 3000 }),
        fc.option(fc.integer({ min: 1, max: 4000 }), { nil: undefined }),
        async (transcript, targetChars) => {
          const { text } = await summarize({
            instructions: '',
            transcript,
            ...(targetChars === undefined ? {} : { targetChars }),
            signal,
          });
          expect(text.length).toBeLessThan(transcript.length);
          expect(text.length).toBeGreaterThan(0);
          expect(text.length).toBeLessThanOrEqual(
            targetChars !== undefined && targetChars >= 2
              ? targetChars
              : Number.POSITIVE_INFINITY,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('should be deterministic', async () => {
    const transcript = renderTranscript(messages);
    const summarize = createExtractiveSummarizer();
    const first = await summarize({ instructions: '', transcript, signal });
    const second = await summarize({ instructions: '', transcript, signal });
    expect(first).toEqual(second);
  });
});
