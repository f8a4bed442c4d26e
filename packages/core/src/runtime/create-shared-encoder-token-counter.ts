import type { Message } from '../vocabulary/message/message';
import type { CreateTokenCounterOptions } from '../state/token/create-token-counter';
import { createTokenCounter } from '../state/token/create-token-counter';
import type { TokenCounter } from '../state/token/token-counter';
import type {
  SharedEncoderSource,
  TextTokenEncoder,
} from './load-shared-encoder';
import { getSharedEncoder, loadSharedEncoder } from './load-shared-encoder';

/** Options of a counter over a process-wide encoder, without what it sets itself. */
export type SharedEncoderCounterOptions = Omit<
  CreateTokenCounterOptions,
  'name' | 'countText' | 'messageCache' | 'load'
>;

/**
 * Per-message count caches of the counters over a shared encoder, one per
 * configuration (encoder and overheads): every counter with the same
 * configuration counts a message identically, so they share its count.
 * WeakMaps: an entry goes away with its message.
 */
const sharedMessageCaches = new Map<string, WeakMap<Message, number>>();

function sharedMessageCache(
  source: SharedEncoderSource,
  options: SharedEncoderCounterOptions,
): WeakMap<Message, number> {
  const key = [
    source.key,
    options.messageOverhead,
    options.nameOverhead,
    options.toolPartOverhead,
    options.imageTokens,
    options.fileCharsPerToken,
  ].join('|');
  let cache = sharedMessageCaches.get(key);
  if (cache === undefined) {
    cache = new WeakMap();
    sharedMessageCaches.set(key, cache);
  }
  return cache;
}

/**
 * @internal A counter over the process-wide encoder of `source`: building it
 * costs a few closures (no tokenizer, no rank data); the encoder loads once
 * per process, on the first count (Node) or on `load()` / `warmUp()`; the
 * per-message cache is shared with every counter of the same configuration.
 * With `loadEncoder`, the counter uses that encoder and a private cache.
 */
export function createSharedEncoderTokenCounter({
  name,
  source,
  loadEncoder,
  options,
}: {
  name: string;
  source: SharedEncoderSource;
  loadEncoder: (() => TextTokenEncoder) | undefined;
  options: SharedEncoderCounterOptions;
}): TokenCounter {
  let encoder: TextTokenEncoder | undefined;
  const countText = (text: string): number => {
    if (text.length === 0) return 0;
    encoder ??= loadEncoder?.() ?? getSharedEncoder(source);
    return encoder.countTokens(text);
  };
  if (loadEncoder !== undefined) {
    return createTokenCounter({ ...options, name, countText });
  }
  return createTokenCounter({
    ...options,
    name,
    countText,
    messageCache: sharedMessageCache(source, options),
    load: async () => {
      encoder ??= await loadSharedEncoder(source);
    },
  });
}
