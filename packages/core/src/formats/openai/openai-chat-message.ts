/**
 * The OpenAI chat-completions message dialect that `fromOpenAIMessages` reads
 * and `toOpenAIMessages` writes.
 *
 * Besides the documented fields, the lossless dialect carries a few common
 * extensions: an `id` on any message, `reasoning_content` / `reasoning` on
 * assistant messages (DeepSeek, vLLM, OpenRouter), and `is_error` on tool
 * messages (no standard field exists for tool errors). Any other field on a
 * message, a content part or a tool call is kept verbatim and written back by
 * the lossless dialect.
 */

export interface OpenAITextContentPart {
  readonly type: 'text';
  readonly text: string;
}

export interface OpenAIRefusalContentPart {
  readonly type: 'refusal';
  readonly refusal: string;
}

export interface OpenAIImageContentPart {
  readonly type: 'image_url';
  readonly image_url: {
    /** An https URL or a data URL. */
    readonly url: string;
    readonly detail?: 'auto' | 'low' | 'high';
  };
}

export interface OpenAIAudioContentPart {
  readonly type: 'input_audio';
  readonly input_audio: {
    /** Base64 audio. */
    readonly data: string;
    readonly format: 'wav' | 'mp3';
  };
}

export interface OpenAIFileContentPart {
  readonly type: 'file';
  readonly file: {
    /** A data URL (`data:application/pdf;base64,...`). */
    readonly file_data?: string;
    /** An id from the OpenAI Files API. */
    readonly file_id?: string;
    readonly filename?: string;
  };
}

export type OpenAIUserContentPart =
  | OpenAITextContentPart
  | OpenAIImageContentPart
  | OpenAIAudioContentPart
  | OpenAIFileContentPart;

export type OpenAIAssistantContentPart =
  OpenAITextContentPart | OpenAIRefusalContentPart;

export interface OpenAIToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    /** The arguments as the model wrote them: a JSON text. */
    readonly arguments: string;
  };
}

interface OpenAIMessageBase {
  /** Extension: a message id. Used as the core message id when present. */
  readonly id?: string;
}

export interface OpenAISystemMessage extends OpenAIMessageBase {
  readonly role: 'system';
  readonly content: string | readonly OpenAITextContentPart[];
  readonly name?: string;
}

/** Read as a core `system` message whose `metadata.openai.role` is `'developer'`. */
export interface OpenAIDeveloperMessage extends OpenAIMessageBase {
  readonly role: 'developer';
  readonly content: string | readonly OpenAITextContentPart[];
  readonly name?: string;
}

export interface OpenAIUserMessage extends OpenAIMessageBase {
  readonly role: 'user';
  readonly content: string | readonly OpenAIUserContentPart[];
  readonly name?: string;
}

export interface OpenAIAssistantMessage extends OpenAIMessageBase {
  readonly role: 'assistant';
  readonly content?: string | null | readonly OpenAIAssistantContentPart[];
  readonly name?: string;
  readonly refusal?: string | null;
  readonly tool_calls?: readonly OpenAIToolCall[];
  /** Extension (DeepSeek, vLLM): the model's reasoning text. */
  readonly reasoning_content?: string;
  /** Extension (OpenRouter and others): the model's reasoning text. */
  readonly reasoning?: string;
}

export interface OpenAIToolMessage extends OpenAIMessageBase {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string | readonly OpenAITextContentPart[];
  /** Not documented by OpenAI, but widely recorded: the called tool's name. */
  readonly name?: string;
  /** Extension: the tool failed (read into `isError: true`). */
  readonly is_error?: boolean;
}

export type OpenAIChatMessage =
  | OpenAISystemMessage
  | OpenAIDeveloperMessage
  | OpenAIUserMessage
  | OpenAIAssistantMessage
  | OpenAIToolMessage;

export type OpenAIChatRole = OpenAIChatMessage['role'];
