/** What part of the contract (DESIGN §5) a conversation or state breaks. */
export type ContractViolationKind =
  /** Two messages share an id. `index`: the later one. */
  | 'duplicate-message-id'
  /** Two tool calls share an id. `index`: the message of the later one. */
  | 'duplicate-tool-call-id'
  /** A tool result answers an id no tool call has. `index`: the tool message. */
  | 'orphan-tool-result'
  /** A tool result is not in the block of tool messages right after its call. `index`: the tool message. */
  | 'non-adjacent-tool-result'
  /** A second result for the same call id. `index`: the later tool message. */
  | 'duplicate-tool-result'
  /** A call no result answers, outside the in-flight exchange. `index`: the assistant message. */
  | 'missing-tool-result'
  /**
   * A tool message without tool results or with other parts, a tool result
   * outside a tool message, or a tool call outside an assistant message.
   */
  | 'invalid-tool-message'
  /** The conversation ends on an assistant message ACM wrote. `index`: the last message. */
  | 'trailing-synthetic-assistant'
  /** The in-flight exchange of the previous conversation is not there unchanged and contiguous. */
  | 'in-flight-changed'
  /** `before.original` is not a prefix of `after.original`. `index`: the first differing position. */
  | 'original-changed'
  /** A message is neither in working memory nor byte-exact behind a reachable offload. */
  | 'message-lost'
  /** A stub names an offload entry that does not exist. `index`: the working stub. */
  | 'dangling-offload-reference'
  /**
   * A working message that ACM did not write (no `metadata.acm` marker) has no
   * original message with its id: the original history lost it (e.g. it was
   * emptied). `index`: the working message.
   */
  | 'missing-original';

/** One broken rule, where it was found, and a readable explanation. */
export interface ContractViolation {
  readonly kind: ContractViolationKind;
  /**
   * Index of the offending message in the checked list (for state checks:
   * `after.working`, or `after.original` for `original-changed` and
   * `message-lost`). `-1` when the message is in no such list (see `detail`).
   */
  readonly index: number;
  /** The tool call id concerned, for tool-pairing violations. */
  readonly toolCallId?: string;
  /** The message id concerned, for `message-lost` and id violations. */
  readonly messageId?: string;
  readonly detail: string;
}
