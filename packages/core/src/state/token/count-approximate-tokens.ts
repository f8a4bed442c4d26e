// Weights fitted (non-negative least squares, relative error) against
// js-tiktoken o200k_base on every message text of shared/data (17,130 texts:
// SWE-agent runs and tau-bench airline runs), then rounded. CJK and other
// non-ASCII weights come from sample sentences (zh 0.73, ja 0.77, ko 0.65
// tokens a character). Mean absolute error a text: 6.9 % vs 16.3 % for chars/4
// (bench/tokens.ts reports it per message kind and data file).
const LETTER_RUN = 0.82;
const LETTER = 0.04;
const CASE_CHANGE = 0.65;
const DIGIT_GROUP = 1.9;
const NEWLINE = 0.32;
const WHITESPACE_RUN = 0.85;
const PUNCTUATION = 0.11;
const PUNCTUATION_RUN = 0.65;
const CJK = 0.75;
const SURROGATE = 0.75;
const OTHER_LETTER_EXTRA = 0.1;

const OTHER = 0;
const LETTER_CLASS = 1;
const DIGIT_CLASS = 2;
const SPACE_CLASS = 3;
const PUNCTUATION_CLASS = 4;
const CJK_CLASS = 5;
const NEWLINE_CLASS = 6;

/**
 * Estimated o200k_base tokens of a text, in one pass over its UTF-16 code units:
 * - a run of letters (ASCII, or non-ASCII outside CJK) costs 0.82, plus 0.04 a
 *   letter, plus 0.65 for each lower→upper case change inside it (camelCase);
 *   non-ASCII letters cost 0.1 more each;
 * - digits cost 1.9 a group of up to 3 consecutive digits;
 * - spaces and tabs are free unless 2 or more whitespace characters are in a
 *   row (0.85 a run, indentation); newlines cost 0.32;
 * - ASCII punctuation costs 0.11 a character plus 0.65 a run;
 * - CJK ideographs, kana, hangul and full-width forms cost 0.75 a character,
 *   as do the surrogate halves of emoji and other astral characters.
 * The sum is rounded; a non-empty text counts at least 1.
 */
export function countApproximateTokens(text: string): number {
  let total = 0;
  let previous = OTHER;
  let previousCode = 0;
  let digitRun = 0;
  let whitespaceRun = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    let current: number;
    if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) {
      current = LETTER_CLASS;
      total += LETTER;
      if (previous !== LETTER_CLASS) total += LETTER_RUN;
      else if (code <= 90 && previousCode >= 97 && previousCode <= 122)
        total += CASE_CHANGE;
    } else if (code >= 48 && code <= 57) {
      current = DIGIT_CLASS;
      digitRun = previous === DIGIT_CLASS ? digitRun + 1 : 1;
      if (digitRun % 3 === 1) total += DIGIT_GROUP;
    } else if (code === 32 || code === 9) {
      current = SPACE_CLASS;
    } else if (code === 10 || code === 13) {
      current = NEWLINE_CLASS;
      total += NEWLINE;
    } else if (code < 128) {
      current = PUNCTUATION_CLASS;
      total += PUNCTUATION;
      if (previous !== PUNCTUATION_CLASS) total += PUNCTUATION_RUN;
    } else if (isCjk(code)) {
      current = CJK_CLASS;
      total += CJK;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      current = CJK_CLASS;
      total += SURROGATE;
    } else {
      current = LETTER_CLASS;
      total += LETTER + OTHER_LETTER_EXTRA;
      if (previous !== LETTER_CLASS) total += LETTER_RUN;
    }
    if (current === SPACE_CLASS || current === NEWLINE_CLASS) {
      whitespaceRun += 1;
    } else {
      if (whitespaceRun >= 2) total += WHITESPACE_RUN;
      whitespaceRun = 0;
    }
    previous = current;
    previousCode = code;
  }
  if (whitespaceRun >= 2) total += WHITESPACE_RUN;
  if (text.length === 0) return 0;
  return Math.max(1, Math.round(total));
}

function isCjk(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff00 && code <= 0xffef)
  );
}
