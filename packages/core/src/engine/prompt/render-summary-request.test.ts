import { describe, expect, it } from 'vitest';
import { renderSummaryRequest } from './render-summary-request';

describe('renderSummaryRequest', () => {
  it('should put the instructions in the system message and close the transcript', () => {
    expect(
      renderSummaryRequest({
        instructions: 'Summarize.',
        transcript: '[user]\nhi',
      }),
    ).toEqual({
      system: 'Summarize.',
      user: '[user]\nhi\n\nAbove is the conversation span to rewrite.',
    });
  });

  it('should add the length target and the wrapped plan hint last', () => {
    const rendered = renderSummaryRequest({
      instructions: 'Shorten.',
      transcript: 'x'.repeat(1000),
      targetChars: 300,
      planHint: 'Plan: Ship it',
    });
    expect(rendered.user).toBe(
      `${'x'.repeat(1000)}\n\nAbove is the conversation span to rewrite.\n\n` +
        'The span above is about 1000 characters long. Write about 300 characters (30 % of it); this length is a strict target.\n\n' +
        '<plan_aware_hint>\nPlan: Ship it\n</plan_aware_hint>',
    );
  });

  it('should leave out a blank plan hint', () => {
    expect(
      renderSummaryRequest({
        instructions: 'I',
        transcript: 'T',
        planHint: '  ',
      }).user,
    ).toBe('T\n\nAbove is the conversation span to rewrite.');
  });
});
