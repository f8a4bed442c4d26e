/** The message of a thrown value for an error text: an `Error`'s `message`, anything else as `String(value)`. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
