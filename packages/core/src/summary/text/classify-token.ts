/** File extensions that make a bare file name (`setup.py`) a path. */
const FILE_EXTENSIONS =
  'py|pyi|pyx|ipynb|js|mjs|cjs|jsx|ts|mts|cts|tsx|json|jsonl|md|mdx|rst|txt|yaml|yml|toml|ini|cfg|conf|env|lock|sh|bash|zsh|ps1|bat|c|h|cc|cpp|hpp|cxx|rs|go|java|kt|kts|scala|swift|rb|php|pl|lua|r|sql|html|htm|css|scss|less|xml|svg|csv|tsv|log|vue|svelte|gradle|proto|graphql|tf|dockerfile|mk|cmake|diff|patch|gz|tgz|zip|tar|whl|png|jpg|jpeg|gif|webp|pdf';

/** What `classifyToken` makes of a token; `undefined`: not a fact the ledger keeps. */
export type TokenKind = 'path' | 'identifier' | 'number' | undefined;

/** The patterns `classifyToken` tests a token against (`createTokenClassifier`). */
export interface TokenClassifier {
  readonly url: RegExp;
  readonly anchoredPath: RegExp;
  readonly relativePath: RegExp;
  readonly fileName: RegExp;
  readonly uuid: RegExp;
  readonly date: RegExp;
  readonly time: RegExp;
  readonly version: RegExp;
  readonly number: RegExp;
  readonly numberWithUnit: RegExp;
  readonly hexHash: RegExp;
  readonly hostPort: RegExp;
  readonly email: RegExp;
  readonly identifier: RegExp;
  readonly qualifiedName: RegExp;
  readonly extension: RegExp;
  readonly sedExpression: RegExp;
}

/** The patterns of `classifyToken`, built once per extraction. */
export function createTokenClassifier(): TokenClassifier {
  const lineSuffix = String.raw`(?::\d+(?::\d+)?)?`;
  return {
    url: /^[a-z][a-z0-9+.-]*:\/\/[^\s/]+\S*$/i,
    anchoredPath: new RegExp(
      String.raw`^(?:\/|\.\.?\/|~\/)[\w.@+~%-]+(?:\/[\w.@+~%-]+)*\/?${lineSuffix}$`,
    ),
    relativePath: new RegExp(
      String.raw`^[\w.@+~-]+(?:\/[\w.@+~-]+)+\/?${lineSuffix}$`,
    ),
    fileName: new RegExp(
      String.raw`^[\w.@+-]*[\w-]\.(?:${FILE_EXTENSIONS})${lineSuffix}$`,
      'i',
    ),
    uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    date: /^(?:\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?|\d{4}\/\d{2}\/\d{2})$/,
    time: /^\d{1,2}:\d{2}:\d{2}(?:\.\d+)?$/,
    version: /^(?:v\d+(?:\.\d+)+|\d+(?:\.\d+){2,})(?:[-+][\w.]+)?$/,
    number: /^[-+]?\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?%?$/,
    numberWithUnit: /^\d+(?:\.\d+)?(?:ms|s|m|h|d|kb|mb|gb|tb|k|px|x)$/i,
    hexHash: /^(?:[0-9a-f]{7,}|[0-9A-F]{7,})$/,
    hostPort: /^[A-Za-z0-9.-]*[A-Za-z][A-Za-z0-9.-]*:\d{2,5}$/,
    email: /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/,
    identifier: /^[A-Za-z0-9][\w-]*$/,
    qualifiedName: /^[A-Za-z_]\w+(?:\.[A-Za-z_]\w+)+$/,
    sedExpression: /^\d*[sy]\//,
    extension: /\.[A-Za-z][A-Za-z0-9]{0,7}(?::\d+)*$/,
  };
}

/**
 * What a token (trimmed of surrounding punctuation) is to the ledger: a
 * `path` (a URL, an absolute or relative path, a file name with a known
 * extension), an `identifier` (a UUID, a hash, an e-mail address,
 * `host:port`, an id with digits, a qualified name), a `number` (a date, a
 * time, a version, a number with three or more significant digits or a
 * decimal part), or `undefined` for anything else.
 */
export function classifyToken(
  token: string,
  classifier: TokenClassifier,
): TokenKind {
  let hasDigit = false;
  let hasLetter = false;
  let hasSlash = false;
  let hasUpper = false;
  let hasLower = false;
  let digitCount = 0;
  for (let index = 0; index < token.length; index += 1) {
    const code = token.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      hasDigit = true;
      digitCount += 1;
    } else if (code >= 65 && code <= 90) {
      hasLetter = true;
      hasUpper = true;
    } else if (code >= 97 && code <= 122) {
      hasLetter = true;
      hasLower = true;
    } else if (code === 47) hasSlash = true;
  }

  if (hasSlash) {
    if (classifier.url.test(token)) return 'path';
    if (classifier.date.test(token)) return 'number';
    if (classifier.anchoredPath.test(token))
      return hasLetter ? 'path' : undefined;
    if (
      classifier.relativePath.test(token) &&
      hasLetter &&
      !classifier.sedExpression.test(token)
    ) {
      const lastSegment = token.slice(
        token.lastIndexOf('/', token.length - 2) + 1,
      );
      const slashCount = token.split('/').length - 1;
      if (slashCount >= 2 || classifier.extension.test(lastSegment))
        return 'path';
    }
    return undefined;
  }
  if (!hasLetter) {
    if (!hasDigit) return undefined;
    if (classifier.date.test(token) || classifier.time.test(token))
      return 'number';
    if (classifier.version.test(token)) return 'number';
    if (classifier.number.test(token)) {
      if (token.includes('.')) return 'number';
      return countSignificantDigits(token) >= 3 ? 'number' : undefined;
    }
    return undefined;
  }
  if (classifier.fileName.test(token)) return 'path';
  if (hasDigit) {
    if (classifier.uuid.test(token)) return 'identifier';
    if (classifier.date.test(token) || classifier.version.test(token))
      return 'number';
    if (classifier.number.test(token)) return 'number'; // exponent: 1e-5
    if (classifier.numberWithUnit.test(token))
      return countSignificantDigits(token) >= 3 || token.includes('.')
        ? 'number'
        : undefined;
    if (classifier.hexHash.test(token)) return 'identifier';
  }
  if (token.includes('@'))
    return classifier.email.test(token) ? 'identifier' : undefined;
  if (token.includes(':'))
    return classifier.hostPort.test(token) ? 'identifier' : undefined;
  if (hasDigit && classifier.identifier.test(token)) {
    const qualifies =
      token.length >= 3 &&
      (token.includes('_') ||
        token.includes('-') ||
        digitCount >= 2 ||
        (hasUpper && !hasLower));
    return qualifies ? 'identifier' : undefined;
  }
  if (token.includes('.') && classifier.qualifiedName.test(token))
    return 'identifier';
  return undefined;
}

function countSignificantDigits(token: string): number {
  let count = 0;
  let leading = true;
  for (let index = 0; index < token.length; index += 1) {
    const code = token.charCodeAt(index);
    if (code === 46) continue; // '.'
    if (code < 48 || code > 57) {
      if (code === 101 || code === 69) break; // exponent
      continue;
    }
    if (leading && code === 48) continue;
    leading = false;
    count += 1;
  }
  return count;
}
