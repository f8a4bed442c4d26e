import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { InvalidMessageReason } from '../../vocabulary/error/invalid-message-error';
import type { Message, Part, Role } from '../../vocabulary/message/message';
import type { DescribeValueOptions } from '../../vocabulary/util/describe-value';
import type {
  OpenAIContentPartMetadata,
  OpenAIMessageMetadata,
  OpenAIToolCallMetadata,
} from './openai-message-metadata';
import { setOwn } from './own-record';

/*
 * What the steps of `fromOpenAIMessages` share: the error they throw, the
 * wording of the value they name in it, and how a message and its metadata
 * are put together.
 */

export type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };
export type MessageMetadata = Mutable<OpenAIMessageMetadata>;
export type ContentPartMetadata = Mutable<OpenAIContentPartMetadata>;
export type ToolCallMetadata = Mutable<OpenAIToolCallMetadata>;

/** A tool call read so far, by id: its name, its message and its result's message (`-1` while it waits). */
export interface CallRecord {
  readonly name: string;
  readonly index: number;
  answeredAt: number;
}

/** How the OpenAI chat reader names a value in an error: strings in quotes, other values by type, `undefined` as such. */
export const OPENAI_READER_WORDING: DescribeValueOptions = {
  undefinedAs: 'undefined',
  string: 'quoted',
  scalar: 'type',
  other: 'type',
};

export function fail(
  index: number,
  reason: InvalidMessageReason,
  message: string,
): InvalidMessageError {
  return new InvalidMessageError({ index, reason, message });
}

/**
 * Builds a message; `metadata` is set only when there is something to keep.
 * An own string `id` of `input` is recorded (`metadata.openai.id`) so that the
 * lossless dialect writes it back.
 */
export function buildMessage(
  input: Record<string, unknown>,
  id: string,
  role: Role,
  name: string | undefined,
  content: Part[],
  metadata: MessageMetadata | undefined,
): Message {
  const kept =
    typeof input.id === 'string' ? { ...metadata, id: true } : metadata;
  const message: Mutable<Message> = { id, role, content };
  if (name !== undefined) message.name = name;
  if (kept !== undefined) message.metadata = { openai: kept };
  return message;
}

/**
 * Reads the fields of `input` other than `role`, `content` and a string `id`
 * (which `buildMessage` records): `take` consumes the fields its message reads and
 * returns `true` for them; every other field is kept in `metadata.extra`, in
 * input order.
 */
export function readFields(
  input: Record<string, unknown>,
  take: (key: string, value: unknown) => boolean,
  metadata?: MessageMetadata,
): MessageMetadata | undefined {
  let target = metadata;
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (key === 'role' || key === 'content') continue;
    if (key === 'id' && typeof value === 'string') continue;
    if (take(key, value)) continue;
    target ??= {};
    const extra = (target.extra ?? {}) as Record<string, unknown>;
    setOwn(extra, key, value);
    target.extra = extra;
  }
  return target;
}

/**
 * Appends `entry` at `position` of a metadata list that stays `undefined`
 * while every entry is `null` (the `null`s before the first entry are filled
 * in when it comes).
 */
export function pushSparse<Entry>(
  list: (Entry | null)[] | undefined,
  entry: Entry | null,
  position: number,
): (Entry | null)[] | undefined {
  if (entry === null) {
    list?.push(null);
    return list;
  }
  const filled = list ?? Array.from({ length: position }, () => null);
  filled.push(entry);
  return filled;
}

/** The fields of `source` other than `known`, in input order; `undefined` when there are none. */
export function collectExtra(
  source: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const key of Object.keys(source)) {
    if (known.includes(key)) continue;
    extra ??= {};
    setOwn(extra, key, source[key]);
  }
  return extra;
}
