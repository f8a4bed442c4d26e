import type {
  AiSdkFileData,
  AiSdkFilePart,
  AiSdkMessage,
  AiSdkProviderOptions,
  AiSdkReasoningPart,
  AiSdkTextPart,
} from '@acm/core/formats';

type AnswerPart = AiSdkTextPart | AiSdkReasoningPart | AiSdkFilePart;

/** A content part of a model result (`LanguageModelV3Content` / `LanguageModelV4Content`), as far as it is read. */
export interface ResultPart {
  readonly type?: unknown;
  readonly text?: unknown;
  readonly data?: unknown;
  readonly mediaType?: unknown;
  readonly providerMetadata?: unknown;
}

/**
 * A model's final answer as the assistant message the AI SDK puts in the
 * next prompt (`toResponseMessages`: text and reasoning parts with their
 * provider metadata as provider options, empty texts without metadata left
 * out, files): what `history: 'append'` records, since the app does not send
 * it back. `undefined` for a result with tool calls (the loop goes on and its
 * next prompt carries them) or with nothing to record.
 */
export function answerFromResponse(
  content: readonly unknown[] | undefined,
): AiSdkMessage | undefined {
  const parts: AnswerPart[] = [];
  for (const part of (content ?? []) as readonly ResultPart[]) {
    if (part.type === 'tool-call') return undefined;
    const providerOptions = part.providerMetadata as
      AiSdkProviderOptions | undefined;
    const options = providerOptions === undefined ? {} : { providerOptions };
    if (part.type === 'text' && typeof part.text === 'string') {
      if (part.text === '' && providerOptions === undefined) continue;
      parts.push({ type: 'text', text: part.text, ...options });
    } else if (part.type === 'reasoning' && typeof part.text === 'string') {
      parts.push({ type: 'reasoning', text: part.text, ...options });
    } else if (part.type === 'file' && typeof part.mediaType === 'string') {
      parts.push({
        type: 'file',
        data: part.data as AiSdkFileData,
        mediaType: part.mediaType,
        ...options,
      });
    }
  }
  return parts.length === 0 ? undefined : { role: 'assistant', content: parts };
}
