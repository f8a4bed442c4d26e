import type { TranscriptBlock } from '../text/parse-transcript';

/** Words that tell a language apart (padded with spaces; matched on lower-cased text). */
const LANGUAGE_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: [
    ' the ',
    ' and ',
    ' is ',
    ' to ',
    ' of ',
    ' you ',
    ' i ',
    ' my ',
    ' with ',
  ],
  fr: [
    ' le ',
    ' la ',
    ' les ',
    ' des ',
    ' est ',
    ' je ',
    ' vous ',
    ' pour ',
    ' une ',
    ' mon ',
  ],
  de: [
    ' der ',
    ' die ',
    ' das ',
    ' und ',
    ' ich ',
    ' nicht ',
    ' ist ',
    ' mit ',
    ' ein ',
  ],
  es: [
    ' el ',
    ' los ',
    ' las ',
    ' que ',
    ' por ',
    ' para ',
    ' usted ',
    ' una ',
    ' mi ',
    ' con ',
  ],
};

/**
 * The language of a conversation, from the user and assistant texts of its
 * transcript: the one of `LANGUAGE_WORDS` whose common words occur most often
 * (a key of `SECTION_HEADINGS`; English on a tie or without any).
 */
export function detectSummaryLanguage(
  blocks: readonly TranscriptBlock[],
): string {
  const text = ` ${blocks
    .filter((block) => block.kind === 'user' || block.kind === 'assistant')
    .map((block) => block.body)
    .join(' ')
    .slice(0, 20000)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  let best = 'en';
  let bestScore = 0;
  for (const [language, words] of Object.entries(LANGUAGE_WORDS)) {
    let score = 0;
    for (const word of words) {
      let index = text.indexOf(word);
      while (index !== -1) {
        score += 1;
        index = text.indexOf(word, index + word.length - 1);
      }
    }
    if (score > bestScore || (score === bestScore && language === 'en')) {
      if (score > bestScore) best = language;
      bestScore = Math.max(score, bestScore);
    }
  }
  return best;
}
