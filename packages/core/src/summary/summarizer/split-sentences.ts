import type { SectionedSummaryVocabulary } from './sectioned-summary-vocabulary';

/**
 * Sentences (and list lines) of prose, each without a leading reasoning label
 * (`reasoningLabelPattern`); fragments without a letter or digit, or of three
 * characters or fewer, are left out.
 */
export function splitSentences(
  text: string,
  vocabulary: SectionedSummaryVocabulary,
): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z\p{Lu}])/u)
    .map((sentence) =>
      sentence.replace(vocabulary.reasoningLabelPattern, '').trim(),
    )
    .filter(
      (sentence) => /[\p{L}\p{N}]/u.test(sentence) && sentence.length > 3,
    );
}

/** Sentences of user text that state a requirement or a preference. */
export function constraintSentences(
  text: string,
  vocabulary: SectionedSummaryVocabulary,
): string[] {
  return splitSentences(text, vocabulary).filter((sentence) =>
    /\b(?:must|should|shouldn't|don't|do not|never|always|only|without|make sure|need to|please|prefer|want)\b/i.test(
      sentence,
    ),
  );
}

/** `text` without its code fences (an unclosed fence runs to the end). */
export function stripCode(text: string): string {
  return text.replace(/```[\s\S]*?(?:```|$)/g, ' ').trim();
}
