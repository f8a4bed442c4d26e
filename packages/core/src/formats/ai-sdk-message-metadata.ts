import type { Message } from '../vocabulary/message/message';
import type { PartEntry } from './record-part-entries';

/** The key under `Message.metadata` where the converters keep what only the AI SDK needs. */
export const AI_SDK_METADATA_KEY = 'aiSdk';

/**
 * How a file's data was given; core keeps it as one string (base64, URL or
 * text). `string` is the default and is not recorded.
 */
export type AiSdkFileForm =
  | 'string'
  | 'bytes'
  | 'array-buffer'
  | 'url'
  | 'v4-data'
  | 'v4-data-bytes'
  | 'v4-url'
  | 'v4-reference'
  | 'v4-text';

/** The AI SDK output kinds of a tool result. */
export type AiSdkToolOutputKind =
  | 'text'
  | 'json'
  | 'error-text'
  | 'error-json'
  | 'execution-denied'
  | 'content';

/**
 * What one core part needs to become its AI SDK part again, tied to that part
 * by core's `PartEntry` (`fingerprint`, `occurrence`: an entry whose part ACM
 * changed is ignored and the part is written from its content). Tool parts
 * also match by `toolCallId` for `providerExecuted` and `providerOptions`.
 * All values are JSON.
 */
export interface AiSdkPartMetadata extends PartEntry {
  readonly toolCallId?: string;
  readonly providerOptions?: Readonly<Record<string, unknown>>;
  /** Files: how the data was given. */
  readonly form?: AiSdkFileForm;
  /** The AI SDK part type, when it is not the core part's type (`image`, `reasoning-file`). */
  readonly partType?: 'image' | 'reasoning-file';
  /** `image` parts: the media type was not given. */
  readonly noMediaType?: true;
  /** Tool calls: `providerExecuted`, verbatim. */
  readonly providerExecuted?: boolean;
  /** Tool results: the output kind. */
  readonly output?: AiSdkToolOutputKind;
  /** Tool results: the output's own `providerOptions`. */
  readonly outputProviderOptions?: Readonly<Record<string, unknown>>;
  /** `execution-denied` without a reason. */
  readonly noReason?: true;
}

/** A part the converters do not model (approvals, `custom`, …), kept verbatim (JSON-safe). */
export interface AiSdkPassthroughPart {
  /** Its index in the original content. */
  readonly index: number;
  /** The part, through `toJsonSafe`. */
  readonly part: unknown;
}

/** `metadata.aiSdk` of a core message converted from the AI SDK. */
export interface AiSdkMessageMetadata {
  /** The message's `providerOptions`. */
  readonly providerOptions?: Readonly<Record<string, unknown>>;
  /** The content was a plain string (`ModelMessage`). */
  readonly stringContent?: true;
  /** Entries for the core parts that need more than their content. */
  readonly parts?: readonly AiSdkPartMetadata[];
  /** Parts core does not model, put back at their place. */
  readonly passthrough?: readonly AiSdkPassthroughPart[];
}

/** The `metadata.aiSdk` of a message, if it has one. */
export function getAiSdkMetadata(
  message: Message,
): AiSdkMessageMetadata | undefined {
  const metadata = message.metadata?.[AI_SDK_METADATA_KEY];
  if (metadata == null || typeof metadata !== 'object') return undefined;
  return metadata;
}
