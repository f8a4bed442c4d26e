import type { Message, Part } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import type { TokenCounter } from './token-counter';

export interface CreateTokenCounterOptions {
  /** Name for logs and reports, e.g. `tiktoken:o200k_base`. */
  readonly name: string;
  /** Tokens of a plain string. Must be pure: the same text always gives the same count. */
  readonly countText: (text: string) => number;
  /**
   * Fixed tokens every message costs on top of its content: the chat format's
   * start/separator/end tokens (OpenAI's `tokens_per_message`).
   * @default 3
   */
  readonly messageOverhead?: number;
  /**
   * Extra tokens when a message has a `name` (OpenAI's `tokens_per_name`).
   * @default 1
   */
  readonly nameOverhead?: number;
  /**
   * Fixed tokens per tool-call and per tool-result part (the wrapper around
   * name, id and arguments or output).
   * @default 3
   */
  readonly toolPartOverhead?: number;
  /**
   * Flat estimate for an image file part (`mediaType` starting with `image/`).
   * 765 is what OpenAI bills a 1024×1024 image in high detail (85 + 4 × 170).
   * @default 765
   */
  readonly imageTokens?: number;
  /**
   * Characters per token for other file parts: they count
   * `ceil(data.length / fileCharsPerToken)` plus their file name. Base64 data
   * is far denser in tokens than the file's content, so this is a rough, flat
   * estimate.
   * @default 4
   */
  readonly fileCharsPerToken?: number;
  /**
   * How many message arrays `countMessages` remembers (with their totals) so
   * that a later array that extends one of them costs only its new tail.
   * @default 4
   */
  readonly rememberedArrays?: number;
  /**
   * Where per-message counts are cached. Pass one map to several counters
   * only if they count identically (same `countText` and overheads): the
   * default exact counters share one per configuration, so every memory of a
   * process reuses the counts of the messages it shares with another.
   * @default a new WeakMap for this counter
   */
  readonly messageCache?: WeakMap<Message, number>;
  /**
   * Characters of long texts (a strategy's transcripts and summaries, counted
   * with `countText`) whose counts the counter remembers, least recently used
   * first out: a text counted again — the same transcript sized at several
   * lengths, the same summary checked twice — costs a lookup. The texts of
   * messages (`countMessage`) are cached per message instead. 0 turns it off.
   * @default 1_000_000
   */
  readonly textCacheChars?: number;
  /**
   * Makes synchronous counting possible, e.g. loads a tokenizer; exposed as
   * `TokenCounter.load`. Omit it for a counter that needs nothing.
   * @default undefined
   */
  readonly load?: () => Promise<void>;
}

interface RememberedArray {
  readonly messages: readonly Message[];
  /** Length at the time of counting (the array may have grown in place since). */
  readonly length: number;
  readonly total: number;
}

/**
 * Builds a {@link TokenCounter} around a text counting function.
 *
 * Per message: `messageOverhead` + the role + the name (plus `nameOverhead`)
 * + every part: text and reasoning text; tool calls (overhead, name, id and
 * the JSON input); tool results (overhead, name, id and the output as text via
 * `stringifyToolOutput`); files (flat estimates, see `imageTokens` and
 * `fileCharsPerToken`).
 *
 * Caching: messages are immutable, so each message's count is cached in a
 * `WeakMap` keyed by the message object (`messageCache`): bounded by the
 * messages the application still holds, an entry goes away with its message. `countMessages` remembers the totals
 * of the last `rememberedArrays` arrays; a new array whose first elements are
 * the same objects (pointer comparison) as a remembered one costs only its new
 * tail. An array that grew in place (`push`) is handled too. Replacing or
 * removing elements of an already counted array *in place* is not detected:
 * pass a new array, as every ACM function does.
 */
export function createTokenCounter({
  name,
  countText,
  messageOverhead = 3,
  nameOverhead = 1,
  toolPartOverhead = 3,
  imageTokens = 765,
  fileCharsPerToken = 4,
  rememberedArrays = 4,
  messageCache = new WeakMap<Message, number>(),
  textCacheChars = 1_000_000,
  load,
}: CreateTokenCounterOptions): TokenCounter {
  const messageCounts = messageCache;
  let remembered: readonly RememberedArray[] = [];
  const countLongText = createTextCountCache(countText, textCacheChars);

  const countPart = (part: Part): number => {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        return countText(part.text);
      case 'tool-call':
      case 'tool-result':
        return (
          toolPartOverhead +
          countText(part.toolName) +
          countText(part.toolCallId) +
          countText(
            stringifyToolOutput(
              part.type === 'tool-call' ? part.input : part.output,
            ),
          )
        );
      case 'file':
        return part.mediaType.startsWith('image/')
          ? imageTokens
          : Math.ceil(part.data.length / fileCharsPerToken) +
              (part.filename === undefined ? 0 : countText(part.filename));
    }
  };

  const countMessage = (message: Message): number => {
    const cached = messageCounts.get(message);
    if (cached !== undefined) return cached;
    let count = messageOverhead + countText(message.role);
    if (message.name !== undefined)
      count += nameOverhead + countText(message.name);
    for (const part of message.content) count += countPart(part);
    messageCounts.set(message, count);
    return count;
  };

  const countMessages = (messages: readonly Message[]): number => {
    const base = findLongestPrefix(remembered, messages);
    let total = base?.total ?? 0;
    for (let index = base?.length ?? 0; index < messages.length; index += 1) {
      total += countMessage(messages[index] as Message);
    }
    if (rememberedArrays > 0) {
      const entry: RememberedArray = {
        messages,
        length: messages.length,
        total,
      };
      remembered = [
        entry,
        ...remembered.filter((other) => other.messages !== messages),
      ].slice(0, rememberedArrays);
    }
    return total;
  };

  return load === undefined
    ? { name, countText: countLongText, countMessage, countMessages }
    : { name, countText: countLongText, countMessage, countMessages, load };
}

/** Shorter texts are counted again: a lookup would cost about as much. */
const MIN_CACHED_TEXT_CHARS = 256;

/**
 * `countText` remembering the counts of texts of `MIN_CACHED_TEXT_CHARS` or
 * more, up to `capacity` characters in all, least recently used first out.
 * Keyed by the text itself (a count is a pure function of it), so a hit
 * answers what counting would.
 */
function createTextCountCache(
  countText: (text: string) => number,
  capacity: number,
): (text: string) => number {
  if (capacity <= 0) return countText;
  const counts = new Map<string, number>();
  let chars = 0;
  return (text) => {
    if (text.length < MIN_CACHED_TEXT_CHARS || text.length > capacity)
      return countText(text);
    const cached = counts.get(text);
    if (cached !== undefined) {
      // Most recently used last: Map keeps insertion order.
      counts.delete(text);
      counts.set(text, cached);
      return cached;
    }
    const count = countText(text);
    counts.set(text, count);
    chars += text.length;
    for (const [oldest] of counts) {
      if (chars <= capacity) break;
      counts.delete(oldest);
      chars -= oldest.length;
    }
    return count;
  };
}

/** The longest remembered array whose elements are the first elements of `messages`. */
function findLongestPrefix(
  remembered: readonly RememberedArray[],
  messages: readonly Message[],
): RememberedArray | undefined {
  const candidates = remembered
    .filter((entry) => entry.length <= messages.length)
    .sort((left, right) => right.length - left.length);
  for (const entry of candidates) {
    if (isPrefix(entry, messages)) return entry;
  }
  return undefined;
}

function isPrefix(
  entry: RememberedArray,
  messages: readonly Message[],
): boolean {
  if (entry.messages === messages) return true;
  const last = entry.length - 1;
  // Cheap rejection first: the last and first elements differ for most unrelated arrays.
  if (
    last >= 0 &&
    (entry.messages[last] !== messages[last] ||
      entry.messages[0] !== messages[0])
  ) {
    return false;
  }
  for (let index = 1; index < last; index += 1) {
    if (entry.messages[index] !== messages[index]) return false;
  }
  return true;
}
