/** Why a summary was rejected. */
export type SummaryRejectionReason =
  'empty' | 'not-shorter' | 'error-text' | 'invalid-result';

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
 * Phrases of provider failures. A short reply that contains one is error text
 * when it starts with the phrase or carries a `PROVIDER_CUE`; the input is never
 * consulted (a transcript about rate limits must not make a provider's
 * rate-limit reply look like a summary).
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

/**
 * Wording that providers put in error replies and summaries do not: an
 * instruction to the caller, an organization or request id, the model speaking
 * about its own limits.
 */
const PROVIDER_CUE =
  /please (?:try again|retry|check|reduce|contact)|try again (?:later|in \d)|\bin organi[sz]ation\b|\borg-[a-z0-9]|this model'?s maximum|your (?:current )?(?:quota|plan|billing)|(?:request|trace)[ _-]?id\b|\bapi[ _-]?key\b|(?:tokens|requests) per (?:min|minute|day)\b|^\s*(?:error|status|code)\s*[:=]/i;

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
  /** The summarizer's text (anything else is rejected as `invalid-result`). */
  summary: string;
  /** The text it summarizes (the transcript), for the length check only. */
  input: string;
}): SummaryValidation {
  if (typeof summary !== 'string')
    return { ok: false, reason: 'invalid-result' };
  const trimmed = summary.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (summary.length >= input.length)
    return { ok: false, reason: 'not-shorter' };
  if (ERROR_OPENINGS.some((pattern) => pattern.test(trimmed)))
    return { ok: false, reason: 'error-text' };
  if (trimmed.length <= SHORT_REPLY_CHARS && isProviderErrorReply(trimmed))
    return { ok: false, reason: 'error-text' };
  return { ok: true };
}

/** A short reply that names a provider failure the way providers word their errors. */
function isProviderErrorReply(trimmed: string): boolean {
  return ERROR_PHRASES.some((pattern) => {
    const match = pattern.exec(trimmed);
    if (match === null) return false;
    return match.index === 0 || PROVIDER_CUE.test(trimmed);
  });
}
