import { InvalidConfigError } from '@acm/core';
import { describe, expect, it } from 'vitest';
import { quoteTableName } from './quote-table-name';

describe('quoteTableName', () => {
  it('should quote a table and a schema-qualified table', () => {
    expect(quoteTableName('acm_sessions')).toBe('"acm_sessions"');
    expect(quoteTableName('app.Sessions_2')).toBe('"app"."Sessions_2"');
  });

  it.each([
    '',
    'acm sessions',
    'x; DROP TABLE y',
    '"quoted"',
    '1abc',
    'a.b.c',
    'a.',
    'x'.repeat(64),
    'sessions-1',
  ])('should reject %j with InvalidConfigError', (table) => {
    let caught: unknown;
    try {
      quoteTableName(table);
    } catch (error) {
      caught = error;
    }

    expect(InvalidConfigError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({ parameter: 'table', value: table });
  });
});
