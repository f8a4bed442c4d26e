import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { stripAcmArtifacts } from './strip-acm-artifacts';

/**
 * Shortens `text` to its head (about 60 % of `maxChars`) and its tail (the rest),
 * joined by a marker that says how many characters were left out, e.g.
 * `\n…[4,812 characters omitted]…\n`. Cuts never split a surrogate pair.
 *
 * Text over `maxChars` first loses what ACM itself wrote into it (offload tags,
 * ledger lines, fold headers: `stripAcmArtifacts`), so that the preview is spent
 * on content; if that is enough, the stripped text is returned whole.
 *
 * Characters are UTF-16 code units, as `string.length` counts them. Text at or
 * under `maxChars`, or text the preview would not make shorter, is returned
 * unchanged.
 */
export function createPreview(text: string, maxChars: number): string {
  if (!Number.isInteger(maxChars) || maxChars < 0) {
    throw new InvalidArgumentError({
      parameter: 'maxChars',
      value: maxChars,
      message: 'must be a non-negative integer',
    });
  }
  if (text.length <= maxChars) return text;
  const content = stripAcmArtifacts(text);
  if (content.length <= maxChars) return content;
  return previewContent(content, maxChars);
}

function previewContent(text: string, maxChars: number): string {
  let headEnd = Math.round(maxChars * 0.6);
  if (isSplitPoint(text, headEnd)) headEnd -= 1;
  let tailStart = text.length - (maxChars - Math.round(maxChars * 0.6));
  if (isSplitPoint(text, tailStart)) tailStart += 1;
  const omitted = tailStart - headEnd;
  const preview = `${text.slice(0, headEnd)}${formatOmissionMarker(omitted)}${text.slice(tailStart)}`;
  return preview.length < text.length ? preview : text;
}

/** The marker that stands for `omitted` left-out characters. */
function formatOmissionMarker(omitted: number): string {
  return `\n…[${formatCount(omitted)} characters omitted]…\n`;
}

/** Whether cutting `text` at `index` would split a surrogate pair. */
function isSplitPoint(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  return (
    before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff
  );
}

/** `4812` → `4,812`, independent of the locale. */
function formatCount(count: number): string {
  const digits = String(count);
  let formatted = '';
  for (let index = 0; index < digits.length; index += 1) {
    if (index > 0 && (digits.length - index) % 3 === 0) formatted += ',';
    formatted += digits[index];
  }
  return formatted;
}
