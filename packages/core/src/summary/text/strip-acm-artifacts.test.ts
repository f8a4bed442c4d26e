import { describe, expect, it } from 'vitest';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import { stripAcmArtifacts } from './strip-acm-artifacts';

describe('stripAcmArtifacts', () => {
  it('should remove offload tags, ledger lines, fold headers and ANSI escapes', () => {
    expect(
      stripAcmArtifacts(
        [
          'Folded 12 messages.',
          'Summary of the earlier conversation',
          'Earlier conversation (folded to fit the context budget)',
          'Task: fix \u001b[31msrc/a.py\u001b[0m',
          '',
          '',
          'Facts kept verbatim — paths: src/a.py; errors: Facts kept verbatim — ids: X_1',
          'Next step: run the tests.',
          formatOffloadTag('u1'),
        ].join('\n'),
      ),
    ).toBe('Task: fix src/a.py\n\nNext step: run the tests.');
  });

  it('should return text without artifacts unchanged', () => {
    const text = '  Folded twice.\n\n\nFacts: kept  ';
    expect(stripAcmArtifacts(text)).toBe(text);
  });
});
