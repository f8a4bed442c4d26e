export interface DescribeValueOptions {
  /**
   * How `undefined` reads.
   * @default 'nothing'
   */
  readonly undefinedAs?: 'nothing' | 'undefined';
  /**
   * How a string reads:
   * - `'the-string'`: `the string "…"`, its first 40 characters as JSON text
   *   (then `…` when it was longer and `ellipsis` is on);
   * - `'quoted'`: the whole string in double quotes, as it is (`"a b"`);
   * - `'json'`: the whole string as JSON text;
   * - `'a-bare-string'`: `a bare string ("…")`, its first 40 characters as
   *   JSON text.
   * @default 'the-string'
   */
  readonly string?: 'the-string' | 'quoted' | 'json' | 'a-bare-string';
  /**
   * Whether a `'the-string'` description cut at 40 characters ends with `…`.
   * @default true
   */
  readonly ellipsis?: boolean;
  /**
   * How a number or a boolean reads:
   * - `'value'`: its value (`42`, `true`);
   * - `'type'`: its type (`number`);
   * - `'type-and-value'`: both (`number 42`), and a bigint likewise.
   * @default 'value'
   */
  readonly scalar?: 'value' | 'type' | 'type-and-value';
  /**
   * How any other value reads (an object that is not an array, a function,
   * a symbol, a bigint):
   * - `'article'`: with its article (`an object`, `a function`);
   * - `'type'`: its `typeof` (`object`, `function`);
   * - `'a-type'`: `a` and its `typeof` (`a function`, also `a object`).
   * @default 'article'
   */
  readonly other?: 'article' | 'type' | 'a-type';
}

/**
 * A short description of a value for an error message (`expected a string,
 * found ${describeValue(value)}`): `null`, `nothing`, `an array`,
 * `the string "…"`, `42`, `an object`, `a function`. `null` and arrays always
 * read so; the options keep the wording each family of errors has.
 */
export function describeValue(
  value: unknown,
  options: DescribeValueOptions = {},
): string {
  const {
    undefinedAs = 'nothing',
    string = 'the-string',
    ellipsis = true,
    scalar = 'value',
    other = 'article',
  } = options;
  if (value === null) return 'null';
  if (value === undefined) return undefinedAs;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return describeString(value, string, ellipsis);
  if (
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    (typeof value === 'bigint' && scalar === 'type-and-value')
  ) {
    if (scalar === 'value') return String(value);
    if (scalar === 'type') return typeof value;
    return `${typeof value} ${String(value)}`;
  }
  if (other === 'type') return typeof value;
  if (other === 'article' && typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function describeString(
  value: string,
  form: NonNullable<DescribeValueOptions['string']>,
  ellipsis: boolean,
): string {
  switch (form) {
    case 'the-string':
      return `the string ${JSON.stringify(value.slice(0, 40))}${ellipsis && value.length > 40 ? '…' : ''}`;
    case 'quoted':
      return `"${value}"`;
    case 'json':
      return JSON.stringify(value);
    case 'a-bare-string':
      return `a bare string (${JSON.stringify(value.slice(0, 40))})`;
  }
}
