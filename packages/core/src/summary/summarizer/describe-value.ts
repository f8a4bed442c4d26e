/**
 * JSON without quotes: `key: value, key: {…}, list: [a / b]`; a list of two
 * or more objects of one shape as a table (`describeTable`). The record and
 * table rendering of tool results in a sectioned summary.
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value))
    return describeTable(value) ?? `[${value.map(describeValue).join(' / ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, entry]) =>
      typeof entry === 'object' && entry !== null && !Array.isArray(entry)
        ? `${key}: {${describeValue(entry)}}`
        : `${key}: ${describeValue(entry)}`,
  );
  return entries.join(', ');
}

/**
 * Two or more objects with the same scalar fields as a table, the field names
 * once: `(sku date) AB1234 2024-05-20; CD5678 2024-05-21`, so each row keeps
 * its values together at a fraction of the characters. `undefined` when the
 * rows differ or a value holds a space or a separator.
 */
function describeTable(rows: readonly unknown[]): string | undefined {
  const table = tabulate(rows);
  if (table === undefined) return undefined;
  return `(${table.columns.join(' ')}) ${table.rows.join('; ')}`;
}

/**
 * A list of two or more records of one shape as rows, the field names once,
 * before the first row: `(sku store … prices.retail) AB1234 NYC … 179`, then
 * `CD5678 NYC … 164`. A search result's rows cost a third of their
 * `key: value` form, so that a small summary keeps more of them, each with
 * its own values. `undefined` when `describeTable` would refuse them.
 */
export function describeRows(rows: readonly unknown[]): string[] | undefined {
  const table = tabulate(rows);
  if (table === undefined) return undefined;
  return table.rows.map((row, index) =>
    index === 0 ? `(${table.columns.join(' ')}) ${row}` : row,
  );
}

/**
 * A list of groups of records of one shape (e.g. the legs of each route a
 * search found) as one line per group, its rows joined by ` + `, the field
 * names once before the first: `(sku store …) AB1234 NYC … + CD5678 BOS …`.
 * Each group was a table with its own header before, so a short summary kept
 * the header and little of the values. `undefined` when an element is not a
 * list or the records differ in shape.
 */
export function describeGroupedRows(
  groups: readonly unknown[],
): string[] | undefined {
  if (!groups.every((group) => Array.isArray(group) && group.length > 0))
    return undefined;
  const lists = groups as readonly (readonly unknown[])[];
  const table = tabulate(lists.flat());
  if (table === undefined) return undefined;
  let next = 0;
  return lists.map((group, index) => {
    const line = table.rows.slice(next, next + group.length).join(' + ');
    next += group.length;
    return index === 0 ? `(${table.columns.join(' ')}) ${line}` : line;
  });
}

/**
 * The cells of records of one shape: scalar fields, and the scalar fields of
 * a nested record as `field.key` columns (e.g. prices per tier).
 * `undefined` when fewer than two rows, the shapes differ, or a cell is empty
 * or holds a space or a separator.
 */
function tabulate(
  rows: readonly unknown[],
): { columns: string[]; rows: string[] } | undefined {
  if (rows.length < 2) return undefined;
  let keys: string[] | undefined;
  const lines: string[] = [];
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      return undefined;
    const names: string[] = [];
    const cells: string[] = [];
    for (const [key, cell] of Object.entries(row as Record<string, unknown>)) {
      const nested =
        typeof cell === 'object' && cell !== null && !Array.isArray(cell)
          ? Object.entries(cell as Record<string, unknown>).map(
              ([inner, value]): [string, unknown] => [`${key}.${inner}`, value],
            )
          : [[key, cell] as [string, unknown]];
      for (const [name, value] of nested) {
        if (typeof value === 'object' && value !== null) return undefined;
        const text = describeValue(value);
        if (text === '' || /[\s;()]/.test(text)) return undefined;
        names.push(name);
        cells.push(text);
      }
    }
    if (keys === undefined) keys = names;
    else if (names.join(' ') !== keys.join(' ')) return undefined;
    lines.push(cells.join(' '));
  }
  return { columns: keys!, rows: lines };
}
