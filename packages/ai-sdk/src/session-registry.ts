import type { AutoContextMemory } from '@acm/core';
import type { AiSdkMessage, AiSdkSpecificationVersion } from './ai-sdk-prompt';
import { fromAiSdkMessage } from './from-ai-sdk-messages';
import { hashValue } from './hash-value';
import { toAiSdkMessages } from './to-ai-sdk-messages';

/** Makes the memory of a session. */
export type CreateSessionMemory = (options: {
  readonly sessionId: string;
}) => AutoContextMemory;

export interface SessionRegistryOptions {
  /**
   * Makes the memory of a session. Everything is counted with the memory's
   * own counter (messages, system prompt, tool schemas, estimates).
   */
  readonly createMemory: CreateSessionMemory;
  /** Load each session from the memory's store when first used, save it after every call. */
  readonly persist: boolean;
}

export interface ManagedViewRequest {
  readonly sessionId: string;
  /** The messages as the loop sends them (leading system messages included). */
  readonly messages: readonly AiSdkMessage[];
  /** Tool definitions sent with the call, counted toward the budget. */
  readonly tools?: readonly unknown[];
  /** A system prompt sent outside `messages`, counted toward the budget. */
  readonly system?: string;
  readonly signal?: AbortSignal;
  readonly specificationVersion: AiSdkSpecificationVersion;
}

export interface ManagedView {
  /** Leading system messages, then the memory's working messages. */
  readonly messages: AiSdkMessage[];
  readonly memory: AutoContextMemory;
  /** Our uncalibrated estimate of the prompt by the memory's counter: working messages plus fixed tokens. */
  readonly estimatedTokens: number;
  /** How the call's messages were taken in. */
  readonly sync: 'appended' | 'rebuilt';
}

interface Session {
  readonly memory: AutoContextMemory;
  /** Hashes of the last view handed out (without system messages). */
  viewHashes: readonly string[];
  /** The end of the session's queue of calls. */
  tail: Promise<unknown>;
  loaded: Promise<void>;
}

export interface SessionRegistry {
  /** The session's managed view of `messages` (see `autoContextMiddleware`). */
  manage(request: ManagedViewRequest): Promise<ManagedView>;
  /** The memory of a session used before, if any. */
  getMemory(sessionId: string): AutoContextMemory | undefined;
  /** Forgets a session (its memory is no longer held). */
  deleteSession(sessionId: string): boolean;
}

/** What counts as the system prompt: the leading system messages. */
function splitSystem(messages: readonly AiSdkMessage[]): {
  system: AiSdkMessage[];
  rest: readonly AiSdkMessage[];
} {
  let end = 0;
  while (end < messages.length && messages[end]!.role === 'system') end++;
  return { system: messages.slice(0, end), rest: messages.slice(end) };
}

function messageId(index: number, hash: string): string {
  return `m${index}-${hash}`;
}

function startsWith(
  values: readonly string[],
  prefix: readonly string[],
): boolean {
  if (prefix.length > values.length) return false;
  for (let index = 0; index < prefix.length; index++) {
    if (values[index] !== prefix[index]) return false;
  }
  return true;
}

/**
 * Keeps one memory per session and maps each call's messages onto it: the
 * messages already taken in are recognised by their ids (position + content
 * hash), so only the new suffix is appended; a call that sends the last view
 * back (e.g. `prepareStep` messages carried forward) is recognised too; any
 * other history (edited, truncated) clears the session and takes the
 * messages in again. Calls on one session run one at a time.
 */
export function createSessionRegistry({
  createMemory,
  persist,
}: SessionRegistryOptions): SessionRegistry {
  const sessions = new Map<string, Session>();

  const getSession = (sessionId: string): Session => {
    let session = sessions.get(sessionId);
    if (session === undefined) {
      const memory = createMemory({ sessionId });
      session = {
        memory,
        viewHashes: [],
        tail: Promise.resolve(),
        loaded: persist
          ? memory.load().then(() => undefined)
          : Promise.resolve(),
      };
      sessions.set(sessionId, session);
    }
    return session;
  };

  const run = async (
    session: Session,
    request: ManagedViewRequest,
  ): Promise<ManagedView> => {
    await session.loaded;
    const { memory } = session;
    const { system, rest } = splitSystem(request.messages);
    const hashes = rest.map((message) => hashValue(message));
    const ids = hashes.map((hash, index) => messageId(index, hash));
    const originalIds = memory
      .getOriginalMessages()
      .map((message) => message.id);

    let sync: ManagedView['sync'] = 'appended';
    let suffixStart: number;
    let firstIndex: number;
    if (startsWith(ids, originalIds)) {
      suffixStart = originalIds.length;
      firstIndex = originalIds.length;
    } else if (
      session.viewHashes.length > 0 &&
      startsWith(hashes, session.viewHashes)
    ) {
      suffixStart = session.viewHashes.length;
      firstIndex = originalIds.length;
    } else {
      sync = 'rebuilt';
      if (originalIds.length > 0 || memory.getMessages().length > 0) {
        await memory.clear();
      }
      suffixStart = 0;
      firstIndex = 0;
    }

    const suffix = rest
      .slice(suffixStart)
      .map((message, offset) =>
        fromAiSdkMessage(
          message,
          messageId(firstIndex + offset, hashes[suffixStart + offset]!),
        ),
      );
    if (suffix.length > 0) await memory.addMessages(suffix);

    const systemText = [
      ...system.map((message) =>
        typeof message.content === 'string' ? message.content : '',
      ),
      ...(request.system === undefined ? [] : [request.system]),
    ].join('\n\n');
    const fixedTokens = memory.countFixedTokens({
      system: systemText === '' ? undefined : systemText,
      tools: request.tools ?? [],
    });
    await memory.compressIfNeeded({ fixedTokens, signal: request.signal });
    if (persist) await memory.save();

    const view = toAiSdkMessages(memory.getMessages(), {
      specificationVersion: request.specificationVersion,
    });
    session.viewHashes = view.map((message) => hashValue(message));
    return {
      messages: [...system, ...view],
      memory,
      estimatedTokens: memory.countTokens() + fixedTokens,
      sync,
    };
  };

  return {
    manage(request) {
      const session = getSession(request.sessionId);
      const result = session.tail.then(() => run(session, request));
      session.tail = result.catch(() => undefined);
      return result;
    },
    getMemory: (sessionId) => sessions.get(sessionId)?.memory,
    deleteSession: (sessionId) => sessions.delete(sessionId),
  };
}
