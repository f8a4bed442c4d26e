/**
 * A fresh global, multiline regex that finds the words of an error report: an
 * exception name followed by `:` or the end of the line (`KeyError: 'x'`), the
 * Python traceback header, `FAILED` / `ERROR` / `FATAL`, `3 failed`,
 * `failed: …` / `failed with …` / `failed to …`, `error:` / `fatal:` / `panic:`,
 * a non-zero exit code or `<returncode>`. Mentions in prose or code (`raise
 * ValueError(`) do not match. A new regex per use, since global regexes keep state.
 */
export function createErrorLinePattern(): RegExp {
  return /\b(?:[A-Z]\w*)?(?:Error|Exception)(?=:|[ \t\r]*$)|\bTraceback \(most recent call last\)|\b(?:FAILED|ERROR|FATAL)\b|\b\d+ failed\b|\bfailed(?::| with\b| to\b)|\b(?:error|fatal|panic):|\bexit (?:code|status)\W{0,3}[1-9]|<returncode>[1-9]/gm;
}

/** Lines of source code that mention errors without reporting one. */
const CODE_LINE =
  /^(?:raise|except|throw|catch|if|elif|else|try|assert|def|class|import|from|return|print|console\.\w+|\}?\s*catch)\b|^(?:#|\/\/|\/?\*)|^\[[^\]\n]* → call /;

/** Whether a trimmed line is code or a tool call rather than an error report. */
export function isCodeLine(line: string): boolean {
  return CODE_LINE.test(line);
}
