/** The key of a core message's `metadata` under which the LangChain-only data lives. */
export const LANGCHAIN_METADATA_KEY = 'langchain';

/** The `lc_source` value of every message ACM wrote, in `additional_kwargs`. */
export const ACM_LC_SOURCE = 'acm';

/** A JSON object, as stored in a core message's metadata. */
export type JsonObject = Readonly<Record<string, unknown>>;

/**
 * Everything only LangChain needs to rebuild a message exactly, kept under
 * `metadata.langchain` of the core message (see `fromLangChainMessages`).
 * Every field is optional and set only when the default writer would not
 * rebuild the input by itself. All values are JSON, so states that hold them
 * serialize as they are.
 *
 * The writer checks each entry against the message before using it (a stored
 * content block only while the part still derives from it, a tool-call entry
 * only for its own call id), so a message ACM edited converts from its parts,
 * never from stale metadata.
 */
export interface LangChainMessageMetadata {
  /** The message was a `ChatMessage` (`type: 'generic'`) with this role. */
  readonly chatRole?: string;
  /** `content` was an array of content blocks where the default writer would write a string (at most one text part). */
  readonly content?: 'array';
  /**
   * One entry per content block (`null`: the default writer rebuilds it from
   * its part); the original block otherwise.
   */
  readonly blocks?: readonly (JsonObject | null)[];
  /** `additional_kwargs`, when not empty (ACM's own tags left out). */
  readonly additionalKwargs?: JsonObject;
  /** `response_metadata`, when not empty. */
  readonly responseMetadata?: JsonObject;
  /** `AIMessage.usage_metadata`, verbatim. */
  readonly usageMetadata?: JsonObject;
  /** `AIMessage.invalid_tool_calls`, when not empty (they have no tool result, so they are not parts). */
  readonly invalidToolCalls?: readonly JsonObject[];
  /** One entry per tool call, in order (`null`: nothing to record). */
  readonly toolCalls?: readonly (LangChainToolCallMetadata | null)[];
  /** `ToolMessage.status` when it is `'success'` (`'error'` is the part's `isError`). */
  readonly status?: 'success';
  /** `ToolMessage.artifact`, verbatim. */
  readonly artifact?: unknown;
  /** `ToolMessage.metadata`, verbatim. */
  readonly toolMetadata?: JsonObject;
  /** The tool message had no `name`; the tool name came from the matching call. */
  readonly toolName?: 'from-call';
}

/** What one `tool_calls` entry needs beyond its tool-call part. */
export interface LangChainToolCallMetadata {
  /** The call's id in core, so the entry is only used for its own call. */
  readonly id: string;
  /** The call had no id; core made one up (`${messageId}-call-${index}`). */
  readonly idMissing?: true;
  /** Fields besides `id`, `name` and `args` (the default writer adds `type: 'tool_call'`). */
  readonly extra: JsonObject;
}

/**
 * A LangChain message as plain data: the fields `fromLangChainMessages`
 * reads and `toLangChainMessageFields` writes. A live `BaseMessage` has them
 * (`type` is its `getType()`); `new HumanMessage(fields)` & co. take them back
 * (`@acm/langchain` picks the class by `type`).
 */
export interface LangChainMessageFields {
  /** `human`, `ai`, `system`, `tool` or `generic` (a `ChatMessage`, with `role`). */
  readonly type: string;
  readonly id?: string;
  readonly name?: string;
  /** A string or content blocks. */
  readonly content?: unknown;
  /** `ChatMessage` only. */
  readonly role?: string;
  readonly additional_kwargs?: object;
  readonly response_metadata?: object;
  /** `AIMessage` only. */
  readonly tool_calls?: readonly object[];
  readonly invalid_tool_calls?: readonly object[];
  readonly usage_metadata?: object;
  /** `ToolMessage` only. */
  readonly tool_call_id?: string;
  readonly status?: 'success' | 'error';
  readonly artifact?: unknown;
  readonly metadata?: object;
}
