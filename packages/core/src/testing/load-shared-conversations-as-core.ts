import type { Message } from '../vocabulary/message/message';
import type { FromOpenAIMessagesOptions } from '../formats/openai/from-openai-messages';
import { fromOpenAIMessages } from '../formats/openai/from-openai-messages';
import type {
  LoadSharedConversationsOptions,
  SharedConversation,
} from './load-shared-conversations';
import { loadSharedConversations } from './load-shared-conversations';
import { deepFreeze } from './deep-freeze';

/** A shared conversation converted to core messages. */
export interface SharedCoreConversation extends Omit<
  SharedConversation,
  'messages'
> {
  /** The messages converted by `fromOpenAIMessages` (ids `msg-0`, `msg-1`, …). Deep-frozen when cached. */
  readonly messages: readonly Message[];
}

export interface LoadSharedConversationsAsCoreOptions extends LoadSharedConversationsOptions {
  /**
   * Options for `fromOpenAIMessages`. Conversions with the default options are
   * cached per conversation; conversions with options are not.
   * @default {}
   */
  readonly convert?: FromOpenAIMessagesOptions;
}

/** Default-option conversions by stored record (the records themselves are cached). */
const converted = new WeakMap<SharedConversation, SharedCoreConversation>();

/**
 * {@link loadSharedConversations}, with every conversation converted to core
 * `Message`s by `fromOpenAIMessages`. The OpenAI originals stay available
 * through `loadSharedConversations`.
 *
 * @throws {Error} when the data cannot be found or read (see
 * `loadSharedConversations`), or when a conversation does not convert: the
 * error names the conversation and keeps the converter's error as `cause`.
 */
export function loadSharedConversationsAsCore({
  convert,
  ...options
}: LoadSharedConversationsAsCoreOptions = {}): SharedCoreConversation[] {
  return loadSharedConversations(options).map((conversation) => {
    if (convert !== undefined) return toCore(conversation, convert);
    const cached = converted.get(conversation);
    if (cached !== undefined) return cached;
    const result = deepFreeze(toCore(conversation, {}));
    converted.set(conversation, result);
    return result;
  });
}

function toCore(
  conversation: SharedConversation,
  options: FromOpenAIMessagesOptions,
): SharedCoreConversation {
  let messages: Message[];
  try {
    messages = fromOpenAIMessages(conversation.messages, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Shared conversation ${conversation.id} (${conversation.dataset}) does not convert to core messages: ${reason}`,
      { cause: error },
    );
  }
  return { ...conversation, messages };
}
