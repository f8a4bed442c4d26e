/**
 * Id candidates in text: a token of 4 or more characters, starting and ending
 * with a letter or digit (`isIdToken` keeps those that are ids). Global: use
 * it with `String.prototype.match`, which does not keep state.
 */
export const ID_TOKEN = /[A-Za-z0-9][\w.-]{2,}[A-Za-z0-9]/g;

/** Whether an `ID_TOKEN` match is an id: it holds a digit and a letter or `_` (`AB1234`, `order_17`), and is not a call id (`call_…`). */
export function isIdToken(token: string): boolean {
  return /\d/.test(token) && /[A-Za-z_]/.test(token) && !/^call_/.test(token);
}
