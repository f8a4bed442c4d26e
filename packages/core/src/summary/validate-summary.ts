/** Why a summary was rejected. */
export type SummaryRejectionReason = 'empty' | 'not-shorter' | 'error-text';

export type SummaryValidation =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: SummaryRejectionReason };

/** Beginnings that mark a reply as an error or a refusal, whatever follows. */
const ERROR_OPENINGS: readonly RegExp[] = [
  /^error (?:generating|creating|while generating|during) (?:the )?summary/i,
  /^(?:summary|summarization) (?:failed|error|unavailable)/i,
  /^(?:i'?m|i am) sorry,? (?:but )?i (?:can(?:'|no)?t|cannot|am unable|'m unable|am not able)/i,
  /^sorry,? (?:but )?i (?:can(?:'|no)?t|cannot|am unable|'m unable)/i,
  /^(?:i|we) (?:can(?:'|no)?t|cannot|am unable to|'m unable to) (?:help|assist|comply|summari[sz]e|process|fulfil)/i,
  /^as an ai(?: language model)?,? i (?:can(?:'|no)?t|cannot|am unable)/i,
  /^\{\s*"(?:error|errors)"\s*:/,
  /^\{\s*"type"\s*:\s*"error"/,
  /^\{\s*"(?:message|detail|status|code)"\s*:[^}]*(?:error|invalid|exceeded|unauthori[sz]ed|forbidden|not found|too many)/i,
  /^<(?:!doctype html|html)\b/i,
  /^http\/\d(?:\.\d)?\s+[45]\d\d\b/i,
  /^(?:error|status)?\s*:?\s*[45]\d\d\s+(?:bad request|unauthori[sz]ed|forbidden|not found|too many requests|internal server error|bad gateway|service unavailable|gateway timeout)/i,
];

/**
 * Phrases of provider failures. They reject a short reply only when the input does
 * not contain them: a conversation about rate limits may well be summarized as one.
 */
const ERROR_PHRASES: readonly RegExp[] = [
  /rate[ -]limit/i,
  /too many requests/i,
  /quota exceeded|exceeded (?:your|the) (?:current )?quota/i,
  /maximum context length|context length exceeded|context_length_exceeded/i,
  /internal server error/i,
  /service (?:is )?(?:temporarily )?unavailable/i,
  /model (?:is )?overloaded|overloaded_error/i,
  /invalid api key|incorrect api key|unauthori[sz]ed/i,
  /request timed out|timeout error/i,
];

/** Replies longer than this are not checked against `ERROR_PHRASES`. */
const SHORT_REPLY_CHARS = 400;

/**
 * Checks a summary before it replaces anything: it must be non-blank, shorter than
 * the input it stands for, and not an error message or refusal that a model or a
 * provider returned instead of a summary.
 */
export function validateSummary({
  summary,
  input,
}: {
  /** The summarizer's text. */
  summary: string;
  /** The text it summarizes (the transcript), for the length and phrase checks. */
  input: string;
}): SummaryValidation {
  const trimmed = summary.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (summary.length >= input.length)
    return { ok: false, reason: 'not-shorter' };
  if (ERROR_OPENINGS.some((pattern) => pattern.test(trimmed)))
    return { ok: false, reason: 'error-text' };
  if (
    trimmed.length <= SHORT_REPLY_CHARS &&
    ERROR_PHRASES.some(
      (pattern) => pattern.test(trimmed) && !pattern.test(input),
    )
  )
    return { ok: false, reason: 'error-text' };
  return { ok: true };
}
