import type { Message } from '../../vocabulary/message/message';

/**
 * Everything only the OpenAI dialect needs to rebuild a message exactly, kept
 * under `metadata.openai` of the core message. Every field is optional and set
 * only when the default writer would not reproduce the input by itself, so
 * most messages carry none. All values are JSON, so states that hold them
 * serialize as they are.
 *
 * The writer checks each entry against the message before using it (a raw
 * arguments string is used only while it still parses to the call's input, a
 * part entry only for a part of the matching kind), so a message that ACM
 * edited converts from its content, not from stale metadata.
 */
export interface OpenAIMessageMetadata {
  /**
   * `developer`: the message was a `developer` message (its core role is
   * `system`). `function`: a legacy `role: 'function'` result (its core role
   * is `tool`, its call id made up from the call it answers).
   */
  readonly role?: 'developer' | 'function';
  /**
   * The assistant message called its tool with the legacy `function_call`
   * field (its tool-call part's id is made up: `${message id}-function-call`).
   */
  readonly functionCall?: true;
  /** The input carried an `id` string, used as the core message id. */
  readonly id?: true;
  /** How `content` was written, when the default writer would write it otherwise. */
  readonly content?: OpenAIContentForm;
  /** One entry per element of an array `content` (`null`: nothing to record). */
  readonly parts?: readonly (OpenAIContentPartMetadata | null)[];
  /** Fields the converter does not model, verbatim. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** One entry per tool-call part, in order (`null`: nothing to record). */
  readonly toolCalls?: readonly (OpenAIToolCallMetadata | null)[];
  /** The field each reasoning part came from, in order. Absent: `reasoning_content`. */
  readonly reasoning?: readonly OpenAIReasoningField[];
  /** The assistant message had `tool_calls: []`. */
  readonly emptyToolCalls?: true;
  /** The tool message had no `name`; the tool name came from the matching call. */
  readonly toolName?: 'from-call';
}

/** How a message's `content` field was written. */
export type OpenAIContentForm = 'missing' | 'null' | 'string' | 'parts';

export type OpenAIReasoningField = 'reasoning_content' | 'reasoning';

/** What one element of an array `content` needs beyond its core part. */
export interface OpenAIContentPartMetadata {
  /** The OpenAI part type the core part came from. */
  readonly kind?: 'refusal' | 'image_url' | 'input_audio' | 'file';
  /** Fields of the part object besides `type` and its payload. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** Fields of the payload object (`image_url`, `input_audio`, `file`) the core part does not hold. */
  readonly inner?: Readonly<Record<string, unknown>>;
  /** `input_audio.format`, verbatim. */
  readonly format?: string;
  /** Which `file` field the core part's data came from. */
  readonly source?: 'file_data' | 'file_id';
  /** Tool messages: the length of this text part within the joined output. */
  readonly length?: number;
}

/** What one `tool_calls` entry needs beyond its tool-call part. */
export interface OpenAIToolCallMetadata {
  /** The call's id, so the entry is only used for its own call. */
  readonly id: string;
  /** The raw `arguments` text, when `JSON.stringify(input)` differs from it. */
  readonly arguments?: string;
  /** The arguments were not JSON; the part's input is the raw string (`invalidToolArguments: 'keep-raw'`). */
  readonly invalidArguments?: true;
  /** The entry had no `type` field. */
  readonly missingType?: true;
  /** Fields of the entry besides `id`, `type` and `function`. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /** Fields of `function` besides `name` and `arguments`. */
  readonly functionExtra?: Readonly<Record<string, unknown>>;
}

/** The `metadata.openai` of a message, if it has one. */
export function getOpenAIMetadata(
  message: Message,
): OpenAIMessageMetadata | undefined {
  const metadata = message.metadata?.openai;
  if (metadata == null || typeof metadata !== 'object') return undefined;
  return metadata;
}
