import { InvalidConfigError } from '@acm/core';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * Validates a table name (`table` or `schema.table`, each part a plain SQL
 * identifier of at most 63 characters) and returns it double-quoted, ready to
 * put in a statement. User input never reaches SQL any other way.
 *
 * @throws InvalidConfigError (parameter `table`) for anything else.
 */
export function quoteTableName(table: unknown): string {
  const parts = typeof table === 'string' ? table.split('.') : [];
  if (
    parts.length === 0 ||
    parts.length > 2 ||
    !parts.every((part) => IDENTIFIER.test(part))
  ) {
    throw new InvalidConfigError({
      parameter: 'table',
      value: table,
      message:
        'expected a table name like acm_sessions or schema.acm_sessions (letters, digits and _, not starting with a digit, at most 63 characters per part)',
    });
  }
  return parts.map((part) => `"${part}"`).join('.');
}
