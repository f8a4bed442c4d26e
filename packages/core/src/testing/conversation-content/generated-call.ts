/** A generated tool call: the tool, its input and its output. */
export interface GeneratedCall {
  readonly toolName: string;
  readonly input: unknown;
  readonly output: unknown;
  readonly isError: boolean;
}
