import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { OffloadLookup } from '../../state/offload/offload-lookup';
import { getSessionTag, readSessionTag } from '../../state/offload/session-tag';
import type { Message } from '../../vocabulary/message/message';
import type { MaybePromise } from '../../memory/store/session-store';
import { findOffloadIds } from '../../state/offload/find-offload-ids';
import {
  CONTEXT_RELOAD_ID_PARAMETER,
  CONTEXT_RELOAD_TOOL_NAME,
} from './context-reload-tool-definition';
import { renderOffloadedMessages } from './render-offloaded-messages';
import { describeError } from '../../vocabulary/util/describe-error';
import { isRecord } from '../../vocabulary/util/is-record';

/** The smallest `maxChars` a handler accepts: room for a header, a footer and some content. */
export const MIN_CONTEXT_RELOAD_CHARS = 1000;

/** Longest id echoed back in a reply (a model may send anything). */
const MAX_ECHOED_ID_CHARS = 100;

/** What the handler needs from a memory (`AutoContextMemory` fits). */
export interface ContextReloadMemory {
  readonly sessionId: string;
  lookupOffload(offloadId: string): MaybePromise<OffloadLookup>;
}

/**
 * Looks an offload id up elsewhere (a store, your own map). An array is the
 * entry's messages, an empty array or `undefined` means not found (the
 * reference's convention); return an {@link OffloadLookup} to also say
 * "cleared".
 */
export type ContextReloadFunction = (
  offloadId: string,
) => MaybePromise<OffloadLookup | readonly Message[] | undefined>;

export interface CreateContextReloadHandlerOptions {
  /** The memory whose offloads to read. Give this or `reload`. */
  readonly memory?: ContextReloadMemory;
  /** A lookup function, when there is no memory at hand. Give this or `memory`. */
  readonly reload?: ContextReloadFunction;
  /**
   * The session the handler serves: an id minted for another session (its
   * tag, see `getSessionTag`, differs) is answered as such.
   * @default memory.sessionId with `memory`; with `reload`, no session check
   */
  readonly sessionId?: string;
  /**
   * Longest reply, in characters (UTF-16 code units), header and footer
   * included. Longer content is paged: the reply ends with the offset to
   * pass for the next page. At least {@link MIN_CONTEXT_RELOAD_CHARS}.
   * @default 20000
   */
  readonly maxChars?: number;
}

/** Answers one `context_reload` call with text for the model. Never rejects. */
export type ContextReloadHandler = (input: unknown) => Promise<string>;

/**
 * The `context_reload` tool's handler. Given the model's arguments
 * (`{ working_context_offload_uuid, offset? }`, already parsed from JSON), it
 * returns the offloaded messages rendered readably and in full
 * (`renderOffloadedMessages`), paged to `maxChars`. It never throws: a
 * missing or blank id, a bad offset, an id of another session, an unknown
 * id, a cleared id and a failing lookup each get a distinct one-line answer.
 *
 * Lenient about the id: surrounding whitespace, a leading `uuid=` or the
 * whole `<!-- CONTEXT_OFFLOAD: uuid=… -->` marker are accepted.
 *
 * @throws InvalidArgumentError (at creation) when neither or both of
 * `memory` and `reload` are given, or `maxChars` is not an integer ≥
 * {@link MIN_CONTEXT_RELOAD_CHARS}.
 */
export function createContextReloadHandler({
  memory,
  reload,
  sessionId,
  maxChars = 20_000,
}: CreateContextReloadHandlerOptions): ContextReloadHandler {
  if ((memory === undefined) === (reload === undefined)) {
    throw new InvalidArgumentError({
      parameter: memory === undefined ? 'memory' : 'reload',
      value: memory ?? reload,
      message: 'pass exactly one of `memory` and `reload`',
    });
  }
  if (!Number.isInteger(maxChars) || maxChars < MIN_CONTEXT_RELOAD_CHARS) {
    throw new InvalidArgumentError({
      parameter: 'maxChars',
      value: maxChars,
      message: `must be an integer of at least ${MIN_CONTEXT_RELOAD_CHARS}`,
    });
  }
  const ownSessionId = sessionId ?? memory?.sessionId;
  const ownTag =
    ownSessionId === undefined ? undefined : getSessionTag(ownSessionId);
  const lookup = async (offloadId: string): Promise<OffloadLookup> => {
    const found =
      memory !== undefined
        ? await memory.lookupOffload(offloadId)
        : await reload!(offloadId);
    return toLookup(found);
  };

  return async (input: unknown): Promise<string> => {
    const request = readRequest(input);
    if (typeof request === 'string') return request;
    const { offloadId, offset } = request;
    const shownId = JSON.stringify(shorten(offloadId));
    let result: OffloadLookup;
    try {
      result = await lookup(offloadId);
    } catch (error) {
      const detail = describeError(error);
      return `Error reloading the offloaded context ${shownId}: ${detail}`;
    }
    switch (result.status) {
      case 'found':
        return renderPage({
          offloadId,
          messages: result.messages,
          offset,
          maxChars,
        });
      case 'cleared':
        return `The offloaded context ${shownId} was cleared and can no longer be reloaded. Continue without it.`;
      case 'not-found': {
        const idTag = readSessionTag(offloadId);
        if (ownTag !== undefined && idTag !== undefined && idTag !== ownTag) {
          return `Error: the offloaded context ${shownId} belongs to another session and cannot be reloaded here.`;
        }
        return `No offloaded context found for ${shownId}: the id is unknown. Use an id copied exactly from a <!-- CONTEXT_OFFLOAD: uuid=<id> --> marker.`;
      }
    }
  };
}

function toLookup(
  found: OffloadLookup | readonly Message[] | undefined,
): OffloadLookup {
  if (found === undefined) return { status: 'not-found' };
  if (Array.isArray(found)) {
    const messages = found as readonly Message[];
    return messages.length === 0
      ? { status: 'not-found' }
      : { status: 'found', messages };
  }
  return found as OffloadLookup;
}

function readRequest(
  input: unknown,
): { offloadId: string; offset: number } | string {
  const missing = `Error: ${CONTEXT_RELOAD_ID_PARAMETER} is required. Pass the id from a <!-- CONTEXT_OFFLOAD: uuid=<id> --> marker, e.g. {"${CONTEXT_RELOAD_ID_PARAMETER}": "<id>"}.`;
  if (!isRecord(input)) {
    return missing;
  }
  const record = input;
  const rawId = record[CONTEXT_RELOAD_ID_PARAMETER];
  if (typeof rawId !== 'string') return missing;
  const offloadId = normalizeId(rawId);
  if (offloadId === '') return missing;
  const rawOffset = record.offset;
  if (rawOffset === undefined || rawOffset === null) {
    return { offloadId, offset: 0 };
  }
  if (
    typeof rawOffset !== 'number' ||
    !Number.isSafeInteger(rawOffset) ||
    rawOffset < 0
  ) {
    return `Error: offset must be a whole number, 0 or more (received ${shorten(JSON.stringify(rawOffset) ?? typeof rawOffset)}). Omit it for the first page.`;
  }
  return { offloadId, offset: rawOffset };
}

function normalizeId(rawId: string): string {
  let id = (findOffloadIds(rawId)[0] ?? rawId).trim();
  if (id.startsWith('uuid=')) id = id.slice('uuid='.length).trim();
  return id;
}

function shorten(text: string): string {
  return text.length > MAX_ECHOED_ID_CHARS
    ? `${text.slice(0, MAX_ECHOED_ID_CHARS)}…`
    : text;
}

function renderPage({
  offloadId,
  messages,
  offset,
  maxChars,
}: {
  offloadId: string;
  messages: readonly Message[];
  offset: number;
  maxChars: number;
}): string {
  const shownId = JSON.stringify(offloadId);
  if (messages.length === 0) {
    return `The offloaded context ${shownId} holds no messages.`;
  }
  const body = renderOffloadedMessages(messages);
  const total = body.length;
  if (offset > 0 && offset >= total) {
    return `Error: offset ${offset} is past the end: the offloaded context ${shownId} has ${total} characters. Omit offset for the first page.`;
  }
  const count = `${messages.length} message${messages.length === 1 ? '' : 's'}, ${total} characters`;
  const header = (end: number | undefined) =>
    end === undefined
      ? `Offloaded context ${shownId}: ${count}.`
      : `Offloaded context ${shownId}: ${count}; characters ${offset}–${end}:`;
  const footer = (remaining: number, next: number) =>
    `[${remaining} more characters. Call ${CONTEXT_RELOAD_TOOL_NAME} with ${CONTEXT_RELOAD_ID_PARAMETER} ${shownId} and offset ${next} for the next page.]`;

  const whole = offset === 0 ? header(undefined) : header(total);
  if (whole.length + 2 + (total - offset) <= maxChars) {
    return `${whole}\n\n${body.slice(offset)}`;
  }
  // Reserve the longest header and footer this page can have (their numbers have at most `total`'s digits).
  const reserve = header(total).length + 2 + 2 + footer(total, total).length;
  let end = offset + Math.max(1, maxChars - reserve);
  if (end < total && end - 1 > offset && isHighSurrogate(body, end - 1)) {
    end--; // never split a surrogate pair
  }
  return `${header(end)}\n\n${body.slice(offset, end)}\n\n${footer(total - end, end)}`;
}

function isHighSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff;
}
