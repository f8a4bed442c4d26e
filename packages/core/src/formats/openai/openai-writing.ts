import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { Message } from '../../vocabulary/message/message';
import type { OpenAIChatMessage } from './openai-chat-message';
import type {
  OpenAIContentPartMetadata,
  OpenAIMessageMetadata,
} from './openai-message-metadata';
import { copyMissingFields } from './own-record';

/*
 * What the steps of `toOpenAIMessages` share: the object they write, the
 * error they throw, and how a written message gets its recorded fields back.
 */

export type Output = Record<string, unknown>;

export const noFields: readonly string[] = [];

export function fail(index: number, message: string): InvalidMessageError {
  return new InvalidMessageError({ index, reason: 'invalid-content', message });
}

/**
 * Completes a written message: in the lossless dialect its recorded `id` and
 * unknown fields, in the strict dialect only the unknown fields among
 * `strictFields` (which OpenAI documents).
 */
export function finish(
  target: Output,
  message: Message,
  metadata: OpenAIMessageMetadata | undefined,
  lossless: boolean,
  strictFields: readonly string[],
): OpenAIChatMessage {
  if (metadata !== undefined) {
    if (lossless && metadata.id === true) target.id = message.id;
    const extra = metadata.extra;
    if (extra !== undefined) {
      if (lossless) {
        copyMissingFields(target, extra);
      } else {
        for (const key of strictFields) {
          if (
            Object.prototype.hasOwnProperty.call(extra, key) &&
            !(key in target)
          ) {
            target[key] = extra[key];
          }
        }
      }
    }
  }
  return target as unknown as OpenAIChatMessage;
}

/** A text content part, with its recorded unknown fields in the lossless dialect. */
export function textPart(
  text: string,
  entry: OpenAIContentPartMetadata | null | undefined,
  lossless: boolean,
): Output {
  const part: Output = { type: 'text', text };
  if (lossless && entry?.extra !== undefined)
    copyMissingFields(part, entry.extra);
  return part;
}
