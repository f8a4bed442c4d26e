import type { ResultPart } from './answer-from-response';

/** A stream part of a model call (`LanguageModelV3StreamPart` / V4), as far as it is read. */
interface StreamPart extends ResultPart {
  readonly id?: unknown;
  readonly delta?: unknown;
}

/**
 * Collects a streamed answer's content (text and reasoning deltas by part id,
 * files, tool calls) in the order its parts started, for `answerFromResponse`.
 */
export function createAnswerCollector(): {
  readonly add: (chunk: unknown) => void;
  readonly content: () => readonly ResultPart[];
} {
  const parts: {
    type: string;
    text?: string;
    data?: unknown;
    mediaType?: unknown;
    providerMetadata?: unknown;
  }[] = [];
  const open = new Map<string, (typeof parts)[number]>();
  return {
    add(chunk) {
      const part = chunk as StreamPart | null;
      const type = part?.type;
      if (part === null || typeof type !== 'string') return;
      const kind = type.startsWith('text-')
        ? 'text'
        : type.startsWith('reasoning-')
          ? 'reasoning'
          : undefined;
      if (kind !== undefined && typeof part.id === 'string') {
        const key = `${kind}:${part.id}`;
        let current = open.get(key);
        if (current === undefined) {
          current = { type: kind, text: '' };
          open.set(key, current);
          parts.push(current);
        }
        if (type.endsWith('-delta') && typeof part.delta === 'string') {
          current.text += part.delta;
        }
        if (part.providerMetadata !== undefined) {
          current.providerMetadata = part.providerMetadata;
        }
      } else if (type === 'tool-call' || type === 'file') {
        parts.push({
          type,
          data: part.data,
          mediaType: part.mediaType,
          providerMetadata: part.providerMetadata,
        });
      }
    },
    content: () => parts,
  };
}
