/**
 * Structural types for the AI SDK's messages, written here so one build of
 * `@acm/ai-sdk` serves `ai` 6 (`LanguageModelV3Prompt`) and `ai` 7
 * (`LanguageModelV4Prompt`), and the user-facing `ModelMessage` of both
 * (plain string content, `image` parts, approval parts). They accept every
 * shape of those types; the converters read them leniently and keep what
 * they do not model verbatim.
 */

/** Provider options: `{ [provider]: { …JSON } }`. */
export type AiSdkProviderOptions = Record<string, Record<string, unknown>>;

/**
 * File data of every major: a base64 string, a data URL or URL string, bytes
 * or a `URL` (V3 and `ModelMessage`), or a V4 tagged union
 * (`{ type: 'data' | 'url' | 'reference' | 'text', … }`).
 */
export type AiSdkFileData =
  | string
  | Uint8Array
  | ArrayBuffer
  | URL
  | { readonly type: 'data'; readonly data: string | Uint8Array }
  | { readonly type: 'url'; readonly url: URL }
  | {
      readonly type: 'reference';
      readonly reference: Readonly<Record<string, string>>;
    }
  | { readonly type: 'text'; readonly text: string };

/** A text part. */
export interface AiSdkTextPart {
  readonly type: 'text';
  readonly text: string;
  readonly providerOptions?: AiSdkProviderOptions;
}

/** A reasoning part (assistant messages). */
export interface AiSdkReasoningPart {
  readonly type: 'reasoning';
  readonly text: string;
  /** Where providers keep reasoning signatures and encrypted content. */
  readonly providerOptions?: AiSdkProviderOptions;
}

/** A file part: data in any form of {@link AiSdkFileData}. */
export interface AiSdkFilePart {
  readonly type: 'file';
  readonly data: AiSdkFileData;
  readonly mediaType: string;
  readonly filename?: string;
  readonly providerOptions?: AiSdkProviderOptions;
}

/** `ModelMessage` only (the prompt turns it into a file part). */
export interface AiSdkImagePart {
  readonly type: 'image';
  readonly image: AiSdkFileData;
  readonly mediaType?: string;
  readonly providerOptions?: AiSdkProviderOptions;
}

/** V4 only: a file produced while reasoning. */
export interface AiSdkReasoningFilePart {
  readonly type: 'reasoning-file';
  readonly data: AiSdkFileData;
  readonly mediaType: string;
  readonly providerOptions?: AiSdkProviderOptions;
}

/** A tool call (assistant messages). */
export interface AiSdkToolCallPart {
  readonly type: 'tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly providerExecuted?: boolean;
  readonly providerOptions?: AiSdkProviderOptions;
}

/** A tool's output, every kind of `ai` 6 and 7. */
export type AiSdkToolResultOutput =
  | {
      readonly type: 'text';
      readonly value: string;
      readonly providerOptions?: AiSdkProviderOptions;
    }
  | {
      readonly type: 'json';
      readonly value: unknown;
      readonly providerOptions?: AiSdkProviderOptions;
    }
  | {
      readonly type: 'error-text';
      readonly value: string;
      readonly providerOptions?: AiSdkProviderOptions;
    }
  | {
      readonly type: 'error-json';
      readonly value: unknown;
      readonly providerOptions?: AiSdkProviderOptions;
    }
  | {
      readonly type: 'execution-denied';
      readonly reason?: string;
      readonly providerOptions?: AiSdkProviderOptions;
    }
  | {
      readonly type: 'content';
      readonly value: readonly unknown[];
      readonly providerOptions?: AiSdkProviderOptions;
    };

/** A tool result (tool messages). */
export interface AiSdkToolResultPart {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly output: AiSdkToolResultOutput;
  readonly providerOptions?: AiSdkProviderOptions;
}

/**
 * A part the converters pass through untouched (approval requests and
 * responses, V4 `custom` parts, anything newer): kept in the metadata and put
 * back at its place.
 */
export interface AiSdkOtherPart {
  readonly type: string;
}

/** Every part the converters model. */
export type AiSdkPart =
  | AiSdkTextPart
  | AiSdkReasoningPart
  | AiSdkFilePart
  | AiSdkImagePart
  | AiSdkReasoningFilePart
  | AiSdkToolCallPart
  | AiSdkToolResultPart;

/**
 * One message of an AI SDK prompt (`LanguageModelV3Prompt` /
 * `LanguageModelV4Prompt`) or a `ModelMessage`.
 */
export type AiSdkMessage =
  | {
      readonly role: 'system';
      readonly content: string;
      readonly providerOptions?: AiSdkProviderOptions;
    }
  | {
      readonly role: 'user' | 'assistant' | 'tool';
      readonly content: string | readonly (AiSdkPart | AiSdkOtherPart)[];
      readonly providerOptions?: AiSdkProviderOptions;
    };

/** Which prompt format core messages are written back in when no recorded form says otherwise. */
export type AiSdkSpecificationVersion = 'v3' | 'v4';
