import { cutText } from '../text/cut-text';
import {
  describeGroupedRows,
  describeRows,
  describeValue,
} from './describe-value';
import { ID_TOKEN } from './id-token';
import type { SectionedSummaryVocabulary } from './sectioned-summary-vocabulary';

/**
 * The outcome of a tool result as a summary states it: compact JSON records
 * (a list of records of one shape as rows, an object as its records), or
 * else its first and last informative lines (`outputWrapperLinePattern`
 * lines left out). `callText` is the call that asked for the result: the
 * string fields it already names are not repeated.
 */
export function describeOutcome(
  body: string,
  vocabulary: SectionedSummaryVocabulary,
  callText = '',
): string[] {
  const parsed = parseJson(body);
  if (parsed !== undefined && typeof parsed === 'object' && parsed !== null) {
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return ['[]'];
      // Records of one shape (search results): one row each, the field
      // names once, on the first row.
      const rows = describeRows(parsed) ?? describeGroupedRows(parsed);
      if (rows !== undefined) return rows;
      return parsed.map((element) => describeValue(element));
    }
    return describeRecord(parsed as Record<string, unknown>, callText);
  }
  const lines = body
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) => line !== '' && !vocabulary.outputWrapperLinePattern.test(line),
    );
  if (lines.length === 0) return [];
  const first = cutText(lines[0]!, 120);
  if (lines.length === 1) return [first];
  return [
    `${first}${lines.length > 2 ? ' ⏎ … ⏎ ' : ' ⏎ '}${cutText(lines[lines.length - 1]!, 120)}`,
  ];
}

/** A call's input in one line: the only string field of a JSON input (a `command`), else the JSON without quotes. */
export function compactInput(input: string): string {
  const parsed = parseJson(input);
  if (
    parsed !== undefined &&
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed)
  ) {
    const record = parsed as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && typeof record[keys[0]!] === 'string')
      return oneLine(record[keys[0]!] as string);
    return describeValue(parsed);
  }
  return oneLine(input);
}

/**
 * A JSON object as records: its scalar fields in one, then each nested field in
 * its own, led by the object's first scalar value (its id, typically), so that
 * an order's items stay next to the order. Fields without a value (`null`,
 * `""`) are left out, and so are the string fields the call that asked for
 * the object already names (`get_order AB1234 →` does not need
 * `order_id: AB1234` again).
 */
function describeRecord(
  record: Record<string, unknown>,
  callText = '',
): string[] {
  const scalars: [string, unknown][] = [];
  const nested: [string, unknown][] = [];
  for (const entry of Object.entries(record)) {
    (typeof entry[1] === 'object' && entry[1] !== null ? nested : scalars).push(
      entry,
    );
  }
  const anchor = scalars.length > 0 ? `${String(scalars[0]![1])} ` : '';
  const told = new Set(callText.match(ID_TOKEN) ?? []);
  const shown = scalars.filter(
    ([, value]) =>
      value !== null &&
      value !== '' &&
      !(typeof value === 'string' && value.length >= 3 && told.has(value)),
  );
  const records =
    shown.length > 0 ? [describeValue(Object.fromEntries(shown))] : [];
  for (const [key, value] of nested)
    records.push(`${anchor}${key}: ${describeValue(value)}`);
  return records;
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ⏎ ').trim();
}
