const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/**
 * Month words (lower case, accents removed) → month number: English, French,
 * German and Spanish names and their usual abbreviations.
 */
const MONTHS = new Map<string, number>();
(
  [
    ['january jan janvier janv januar enero ene', 1],
    ['february feb fevrier fevr fev februar febrero', 2],
    ['march mar mars marz maerz marzo', 3],
    ['april apr avril avr abril abr', 4],
    ['may mai mayo', 5],
    ['june jun juin juni junio', 6],
    ['july jul juillet juil juli julio', 7],
    ['august aug aout agosto ago', 8],
    ['september sep sept septembre septiembre setiembre', 9],
    ['october oct octobre oktober okt octubre', 10],
    ['november nov novembre noviembre', 11],
    ['december dec decembre dezember dez diciembre dic', 12],
  ] as const
).forEach(([words, month]) => {
  for (const word of words.split(' ')) MONTHS.set(word, month);
});

/** English ordinal words of the days of a month ("twenty-first", "twentyfirst"). */
const ORDINAL_WORDS = new Map<string, number>();
{
  const units = [
    'first',
    'second',
    'third',
    'fourth',
    'fifth',
    'sixth',
    'seventh',
    'eighth',
    'ninth',
  ];
  const teens = [
    'tenth',
    'eleventh',
    'twelfth',
    'thirteenth',
    'fourteenth',
    'fifteenth',
    'sixteenth',
    'seventeenth',
    'eighteenth',
    'nineteenth',
  ];
  units.forEach((word, index) => ORDINAL_WORDS.set(word, index + 1));
  teens.forEach((word, index) => ORDINAL_WORDS.set(word, index + 10));
  ORDINAL_WORDS.set('twentieth', 20);
  ORDINAL_WORDS.set('thirtieth', 30);
  units.forEach((word, index) => {
    ORDINAL_WORDS.set(`twenty-${word}`, 21 + index);
    ORDINAL_WORDS.set(`twenty${word}`, 21 + index);
  });
  ORDINAL_WORDS.set('thirty-first', 31);
  ORDINAL_WORDS.set('thirtyfirst', 31);
}

/** Words allowed between a day and its month ("20th of May", "20 de mayo"). */
const CONNECTORS = new Set(['of', 'de', 'del', 'the']);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A number with an ordinal suffix: English `1st 2nd 3rd 4th`, French `1er 2e 2eme`. */
const ORDINAL_SUFFIX = /^(\d{1,4})(?:st|nd|rd|th|er|re|e|eme|ieme)$/;

/**
 * The number an ordinal token stands for (`20th` → `20`, `1er` → `1`), or
 * `undefined` for any other token.
 */
export function ordinalNumber(token: string): string | undefined {
  const match = ORDINAL_SUFFIX.exec(token);
  return match === null ? undefined : String(Number(match[1]));
}

function dayOf(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  if (/^\d{1,2}$/.test(word)) return Number(word);
  const ordinal = ordinalNumber(word);
  if (ordinal !== undefined) return Number(ordinal);
  return ORDINAL_WORDS.get(word);
}

function yearOf(word: string | undefined): number | undefined {
  if (word === undefined || !/^\d{4}$/.test(word)) return undefined;
  const year = Number(word);
  return year >= 1900 && year <= 2199 ? year : undefined;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `may-20`, plus `2024-05-20` when the year is known; nothing for an impossible date. */
function termsOf(
  month: number,
  day: number | undefined,
  year: number | undefined,
  into: string[],
): void {
  if (day === undefined || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return;
  into.push(`${MONTH_NAMES[month - 1]!}-${day}`);
  if (year !== undefined) into.push(`${year}-${pad(month)}-${pad(day)}`);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:t[\d:.]*z?)?$/;
const NUMERIC_DATE =
  /(?<![\d/.])(\d{1,4})([/.])(\d{1,2})\2(\d{1,4})(?![\d/]|\.\d)/g;

/**
 * Terms that make one calendar day match however it is written: each date
 * yields `<english month>-<day>` (`may-20`) and, when its year is written,
 * the ISO form (`2024-05-20`). Recognized: ISO dates (`2024-05-20`,
 * `2024-05-20T10:00`), month names with a day in English, French, German
 * and Spanish (`May 20th`, `20 May 2024`, `the 20th of May`, `20. Mai`,
 * `20 de mayo de 2024`, `May twentieth`), and numeric dates with a
 * four-digit year whose order is unambiguous (`2024/05/20`, `20/05/2024`,
 * `05/20/2024`, `20.05.2024`; `05/06/2024` yields nothing: day and month
 * cannot be told apart). Relative dates (`next Tuesday`) need a reference day and are not
 * resolved.
 *
 * @param words the text's words in order, lower case, accents removed,
 * stop words kept.
 * @param text the same text, lower case (for the numeric forms, whose
 * separators split words).
 */
export function dateSearchTerms(
  words: readonly string[],
  text: string,
): string[] {
  const terms: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    const iso = ISO_DATE.exec(word);
    if (iso !== null) {
      const month = Number(iso[2]);
      // The ISO form is the word itself, unless a time is attached.
      const year = word.length === 10 ? undefined : Number(iso[1]);
      if (month >= 1 && month <= 12) {
        termsOf(month, Number(iso[3]), year, terms);
      }
      continue;
    }
    const month = MONTHS.get(word);
    if (month === undefined) continue;
    // Month then day: "may 20", "may 20th 2024".
    const after = dayOf(words[at + 1]);
    if (after !== undefined) {
      termsOf(month, after, yearOf(words[at + 2]), terms);
      continue;
    }
    // Day then month: "20 may", "20th of may", "20 de mayo de 2024".
    let before = at - 1;
    if (CONNECTORS.has(words[before] ?? '')) before--;
    const day = dayOf(words[before]);
    if (day === undefined) continue;
    const next = words[at + 1] === 'de' ? at + 2 : at + 1;
    termsOf(month, day, yearOf(words[next]), terms);
  }
  if (/\d[/.]\d{1,2}[/.]\d/.test(text)) {
    for (const [, first, , second, third] of text.matchAll(NUMERIC_DATE)) {
      const a = Number(first);
      const b = Number(second);
      const c = Number(third);
      if (first!.length === 4 && third!.length <= 2) {
        const year = yearOf(first);
        if (year !== undefined && b >= 1 && b <= 12) termsOf(b, c, year, terms);
      } else if (first!.length <= 2 && third!.length === 4) {
        // Day first or month first: only when one of them cannot be a month.
        const year = yearOf(third);
        if (year === undefined) continue;
        if (a > 12 && b >= 1 && b <= 12) termsOf(b, a, year, terms);
        else if (b > 12 && a >= 1 && a <= 12) termsOf(a, b, year, terms);
      }
    }
  }
  return terms;
}
