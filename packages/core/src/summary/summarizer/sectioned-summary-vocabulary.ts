/**
 * The words of the tools and harnesses a transcript comes from, as the
 * sectioned summary reads them: which calls change something, which run code,
 * which lines of a tool result are the harness's wrapping. Each pattern is
 * tested against one line or one name at a time; give it without the `g` or
 * `y` flag (a regex with either keeps state between tests).
 *
 * To adapt the summary to other tools, spread the default and replace a field:
 * `{ ...DEFAULT_SECTIONED_SUMMARY_VOCABULARY, actionVerbPattern: /…/i }`.
 */
export interface SectionedSummaryVocabulary {
  /**
   * A call's input that writes a file: the call's paths are listed as edited
   * (with the command) rather than viewed.
   */
  readonly writeCommandPattern: RegExp;
  /**
   * Verbs in a tool's name that mark a tool that changes something (a file,
   * a record, e.g. a booking tool): its paths count as edited, and its
   * results outrank those of lookups.
   */
  readonly actionVerbPattern: RegExp;
  /** A call's input that runs code: its paths are listed as ran rather than viewed. */
  readonly runCommandPattern: RegExp;
  /**
   * A whole (trimmed) line of a tool result that is a harness's wrapping
   * rather than output (tags around the output, a zero exit code): left out
   * of the result's outcome.
   */
  readonly outputWrapperLinePattern: RegExp;
  /**
   * A (trimmed) line of a tool result that reports an exit code as a harness
   * tag: never taken as the error line itself.
   */
  readonly exitCodeLinePattern: RegExp;
  /**
   * The label a harness puts before an assistant's reasoning (`THOUGHT:`):
   * removed from the start of each sentence.
   */
  readonly reasoningLabelPattern: RegExp;
}

/**
 * The vocabulary the sectioned summary uses unless told otherwise: shell
 * commands and common editing tool names and verbs, the output tags and
 * reasoning labels of common coding-agent harnesses.
 */
export const DEFAULT_SECTIONED_SUMMARY_VOCABULARY: SectionedSummaryVocabulary =
  Object.freeze({
    writeCommandPattern:
      /\bsed\s+-i|(?:^|[^0-9&])>{1,2}\s*[^\s&>|]|\btee\b|\bpatch\b|\bgit\s+(?:apply|checkout|restore)\b|\bstr_replace\b|\binsert\b|\bcreate\b|\bwrite|\bmv\b|\bcp\b|\brm\b|\bopen\([^)]*['"][wa]['"]/,
    actionVerbPattern:
      /write|edit|create|replace|apply|patch|insert|delete|update|modify|book|cancel|send|transfer/i,
    runCommandPattern: /\b(?:python|pytest|node|npm|go test|cargo|make)\b/,
    outputWrapperLinePattern:
      /^<\/?(?:output|output_head|output_tail|warning|returncode>0<\/returncode)>?$/,
    exitCodeLinePattern: /^<returncode>/,
    reasoningLabelPattern: /^(?:THOUGHT|DISCUSSION):\s*/,
  });
