import { describe, expect, it } from 'vitest';
import { joinPartSummaries } from './join-part-summaries';

describe('joinPartSummaries', () => {
  it('should merge sectioned parts section by section, in order, each line once', () => {
    expect(
      joinPartSummaries([
        'Task and constraints:\n- fix the parser\nProgress and decisions:\n- read parse.py\nNext step:\n- run the tests',
        'Task and constraints:\n- fix the parser\nFiles and changes:\n- parse.py: guard added\nProgress and decisions:\n- patched parse.py\nNext step:\n- submit',
      ]),
    ).toBe(
      [
        'Task and constraints:',
        '- fix the parser',
        'Progress and decisions:',
        '- read parse.py',
        '- patched parse.py',
        'Files and changes:',
        '- parse.py: guard added',
        'Next step:',
        '- run the tests',
        '- submit',
      ].join('\n'),
    );
  });

  it('should write the headings of the first part that has some, and put lines before any heading in progress', () => {
    expect(
      joinPartSummaries([
        'Ran ls.',
        'Tâche et contraintes:\n- réserver un vol',
        'Task and constraints:\n- book a flight',
      ]),
    ).toBe(
      'Tâche et contraintes:\n- réserver un vol\n- book a flight\nAvancement et décisions:\n- Ran ls.',
    );
  });

  it('should join parts without a known heading by a blank line, leaving out empty ones', () => {
    expect(
      joinPartSummaries([
        'The user asked for X.',
        '  ',
        'Ran the build; it passed. ',
      ]),
    ).toBe('The user asked for X.\n\nRan the build; it passed.');
  });
});
