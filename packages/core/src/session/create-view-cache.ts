import type { Message } from '../vocabulary/message/message';

/** The framework messages of one variant, converted from core messages. */
export interface ViewVariant<TMessage> {
  /** Each core message's framework message, kept while the core message lives. */
  readonly cache: WeakMap<Message, TMessage>;
  /** The framework message of `message`, converted once (`toFramework`). */
  readonly convert: (message: Message) => TMessage;
}

/**
 * The views of a session manager, converted once per core message and
 * variant: returns the converter of a variant (its cache made on first use).
 */
export function createViewCache<TMessage>(
  toFramework: (message: Message, variant: string) => TMessage,
): (variant: string) => ViewVariant<TMessage> {
  const views = new Map<string, WeakMap<Message, TMessage>>();
  return (variant) => {
    let cache = views.get(variant);
    if (cache === undefined) views.set(variant, (cache = new WeakMap()));
    const known = cache;
    const convert = (message: Message): TMessage => {
      let converted = known.get(message);
      if (converted === undefined) {
        converted = toFramework(message, variant);
        known.set(message, converted);
      }
      return converted;
    };
    return { cache: known, convert };
  };
}
