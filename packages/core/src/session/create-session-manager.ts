import type { CompressionResult } from '../memory/compression/run-compression';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { AutoContextMemoryOptions } from '../memory/facade/auto-context-memory-options';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';
import { createTiktokenTokenCounter } from '../runtime/create-tiktoken-token-counter';
import { calibrateFromUsage } from './calibrate-from-usage';
import { isSameValue } from '../vocabulary/util/is-same-value';
import type { CreateSessionMemory, SessionLimits } from './session-registry';
import { createSessionRegistry } from './session-registry';
import type { MessageSample, SyncMessagesResult } from './sync-messages';
import { sampleMessages, syncMessages } from './sync-messages';

/** The session id a call gets with `sharedSession: true` when it names none. */
export const SHARED_SESSION_ID = 'shared';

/**
 * How an adapter's sessions make and keep their memories: the options of
 * every memory (`config`, `summarizer`, `counter`, `store`, `onEvent`, …; the
 * session id comes from the call), the bounds of core's
 * `createSessionRegistry` (`maxSessions`, `idleTimeoutMs`), and what a call
 * without a session id does.
 */
export interface AutoContextSessionOptions
  extends Omit<AutoContextMemoryOptions, 'sessionId'>, SessionLimits {
  /**
   * Makes the memory of a session; the memory options above are then
   * ignored (a custom memory brings its own counter and store: pass the same
   * `store` here too, so evicted sessions are saved and reloaded).
   * @default ({ sessionId }) => new AutoContextMemory({ ...options, sessionId }), one counter shared by all
   */
  readonly createMemory?: CreateSessionMemory;
  /**
   * Use one session (`SHARED_SESSION_ID`) for every call that names none.
   * Without it, such a call is an error: two conversations sharing one
   * memory wipe each other's history on every call.
   * @default false
   */
  readonly sharedSession?: boolean;
}

/** How an adapter plugs its message format into `createSessionManager`. */
export interface SessionManagerOptions<
  TMessage,
> extends AutoContextSessionOptions {
  /**
   * One memory for every call, for an app that runs one conversation (and
   * persists it itself): no registry, no session id needed.
   * @default undefined
   */
  readonly memory?: AutoContextMemory;
  /** The option a call names its session with, for the error when it names none. */
  readonly sessionParameter: string;
  /** The error message for a call without a session (how to name one). */
  readonly missingSessionMessage: string;
  /**
   * Fixed tokens (system prompt, tool schemas) assumed for a memory until a
   * call measures them.
   * @default 0
   */
  readonly initialFixedTokens?: number;
  /**
   * The id a framework message at `index` has, or gets, in the memory.
   * @default `m<index>`, and stored messages are recognised by content: the framework message converted (`fromFramework`) equals the stored one (`isSameValue`)
   */
  readonly idOf?: (message: TMessage, index: number) => string;
  /** Converts new framework messages to core messages with the given ids. */
  readonly fromFramework: (
    messages: readonly TMessage[],
    context: {
      readonly ids: readonly string[];
      readonly memory: AutoContextMemory;
    },
  ) => readonly Message[];
  /** Converts a core message of the view back (done once per message and variant). */
  readonly toFramework: (message: Message, variant: string) => TMessage;
  /**
   * Whether two framework messages are the same.
   * @default identical, or equal by `isSameValue`
   */
  readonly isSameMessage?: (left: TMessage, right: TMessage) => boolean;
  /**
   * The text of a framework system message (`undefined` for any other): the
   * system messages a call's list starts with are sent as they are, ahead of
   * the view, and their text is counted with `system`.
   * @default undefined (no leading messages are set apart)
   */
  readonly systemTextOf?: (message: TMessage) => string | undefined;
}

/** What a call sends besides its messages, counted toward the budget. */
export interface FixedContent {
  readonly system?: string;
  /** Counted again only when they differ (`isSameValue`) from the last ones measured: pass a new list when they change. */
  readonly tools?: readonly unknown[];
}

export interface ManageSessionRequest<TMessage> extends FixedContent {
  /** The session the call names (`undefined` or `''`: none). */
  readonly sessionId: unknown;
  /**
   * The framework's messages of this call (leading system messages, see
   * `systemTextOf`, included). When they start with no system message and
   * `system` and `tools` are both absent, the fixed tokens last measured for
   * the memory are used.
   */
  readonly messages: readonly TMessage[];
  readonly signal?: AbortSignal;
  /** The framework's message format version (views are cached per variant). @default '' */
  readonly variant?: string;
  /**
   * `'always'`: the view is returned on every call (the framework sends it to
   * the model). `'if-compressed'`: only when this call compressed (the
   * framework keeps the view in its own state).
   * @default 'always'
   */
  readonly view?: 'always' | 'if-compressed';
  /**
   * The framework may send the last view back with new messages appended
   * (a `prepareStep` whose result is carried forward).
   * @default false
   */
  readonly acceptsView?: boolean;
}

/** What one call did and what to send. */
export interface ManagedCall<TMessage> {
  readonly memory: AutoContextMemory;
  readonly sync: SyncMessagesResult;
  readonly compression: CompressionResult;
  /** Message tokens and count after the sync, before compression (telemetry). */
  readonly before: { readonly tokens: number; readonly messages: number };
  /**
   * What to send (see `view`): the call's leading system messages, then the
   * memory's working messages in the framework's format; a new array each
   * call.
   */
  readonly messages: TMessage[] | undefined;
  /** Feeds the provider's reported usage for this call back (`calibrateFromUsage`). */
  readonly calibrate: (usage: unknown) => void;
}

/** The sessions of one adapter instance. */
export interface SessionManager<TMessage> {
  /**
   * Takes a call's messages into its session (core's `syncMessages`: only
   * the new ones are converted), compresses when a trigger is reached and
   * returns the view: the same prefix always gives the same view.
   * @throws (rejects) InvalidArgumentError when the call names no session and neither `sharedSession` nor `memory` is set.
   */
  manage(
    request: ManageSessionRequest<TMessage>,
  ): Promise<ManagedCall<TMessage>>;
  /**
   * Measures what a model request sends besides the messages (kept for the
   * memory's next trigger check) and returns how to calibrate with its usage.
   */
  measure(
    memory: AutoContextMemory,
    fixed: FixedContent,
  ): { readonly calibrate: (usage: unknown) => void };
  /** The session a call's id stands for (`undefined` when it names none and nothing is shared). */
  resolveSessionId(sessionId: unknown): string | undefined;
  /** The memory of a session held now (e.g. for the reload tool). */
  readonly getMemory: (sessionId: string) => AutoContextMemory | undefined;
  /** Forgets a session and deletes it from the store. */
  readonly deleteSession: (sessionId: string) => Promise<boolean>;
}

/** How many messages at the end of a known prefix `syncMessages` checks. */
const SAMPLE_SIZE = 3;

interface SessionData<TMessage> {
  /** What `syncMessages` reads of the last call's messages (the prompt is not kept alive). */
  input: MessageSample<TMessage> | undefined;
  /** The last view (leading messages left out), its variant, and the memory's revision then. */
  view: TMessage[] | undefined;
  variant: string | undefined;
  revision: number | undefined;
}

/**
 * The session layer every adapter shares: which session a call belongs to
 * (a typed error when it names none), one memory per session in core's
 * bounded registry, the call's messages reconciled with it in O(new messages)
 * (`syncMessages`, with the previous call's list recognised without hashing),
 * what the call sends besides the messages counted once per change, the
 * compression, the view converted once per core message (and extended, not
 * rebuilt, when the memory only appended), and calibration from the
 * provider's usage.
 */
export function createSessionManager<TMessage>({
  memory: fixedMemory,
  sessionParameter,
  missingSessionMessage,
  initialFixedTokens = 0,
  idOf,
  fromFramework,
  toFramework,
  isSameMessage = (left, right) => left === right || isSameValue(left, right),
  systemTextOf,
  createMemory,
  sharedSession = false,
  maxSessions,
  idleTimeoutMs,
  ...memoryOptions
}: SessionManagerOptions<TMessage>): SessionManager<TMessage> {
  const makeMemory: CreateSessionMemory =
    fixedMemory !== undefined
      ? () => fixedMemory
      : (createMemory ??
        (() => {
          const counter = memoryOptions.counter ?? createTiktokenTokenCounter();
          return ({ sessionId }) =>
            new AutoContextMemory({ ...memoryOptions, counter, sessionId });
        })());
  const registry = createSessionRegistry<SessionData<TMessage>>({
    createMemory: makeMemory,
    createData: () => ({
      input: undefined,
      view: undefined,
      variant: undefined,
      revision: undefined,
    }),
    store: fixedMemory === undefined ? memoryOptions.store : undefined,
    maxSessions,
    idleTimeoutMs,
  });
  const views = new Map<string, WeakMap<Message, TMessage>>();
  const viewsOf = (variant: string) => {
    let cache = views.get(variant);
    if (cache === undefined) views.set(variant, (cache = new WeakMap()));
    return cache;
  };
  /** The fixed content last measured per memory (a list of tools changed in place is not noticed). */
  const fixedTokens = new WeakMap<
    AutoContextMemory,
    {
      system: string | undefined;
      tools: readonly unknown[];
      tokens: number;
    }
  >();

  /** Calibrates against our count of the working messages plus `tokens`, by the memory's counter. */
  const calibrator =
    (memory: AutoContextMemory, tokens: number) =>
    (usage: unknown): void => {
      calibrateFromUsage({
        memory,
        usage,
        estimatedTokens: memory.countTokens() + tokens,
      });
    };
  const measureTokens = (
    memory: AutoContextMemory,
    fixed: FixedContent,
  ): number => {
    const system = fixed.system === '' ? undefined : fixed.system;
    const tools = fixed.tools ?? [];
    let known = fixedTokens.get(memory);
    // Compared, not serialized: the same list again costs nothing, an equal copy one walk.
    if (
      known === undefined ||
      known.system !== system ||
      !isSameValue(tools, known.tools)
    ) {
      known = {
        system,
        tools,
        tokens: memory.countFixedTokens({ system, tools }),
      };
      fixedTokens.set(memory, known);
    }
    return known.tokens;
  };

  const resolveSessionId = (sessionId: unknown): string | undefined => {
    if (fixedMemory !== undefined) return fixedMemory.sessionId;
    if (typeof sessionId === 'string' && sessionId !== '') return sessionId;
    return sharedSession ? SHARED_SESSION_ID : undefined;
  };

  return {
    manage(request) {
      const sessionId = resolveSessionId(request.sessionId);
      if (sessionId === undefined) {
        return Promise.reject(
          new InvalidArgumentError({
            parameter: sessionParameter,
            value: request.sessionId,
            message: missingSessionMessage,
          }),
        );
      }
      const variant = request.variant ?? '';
      const cache = viewsOf(variant);
      const convert = (message: Message): TMessage => {
        let converted = cache.get(message);
        if (converted === undefined) {
          converted = toFramework(message, variant);
          cache.set(message, converted);
        }
        return converted;
      };
      // The leading system messages: sent as they are, counted as fixed tokens.
      const systemTexts: string[] = [];
      for (const message of request.messages) {
        const text = systemTextOf?.(message);
        if (text === undefined) break;
        systemTexts.push(text);
      }
      const offset = systemTexts.length;
      return registry.run(sessionId, async ({ memory, data }) => {
        const untouched = memory.getRevision() === data.revision;
        const sync = await syncMessages({
          memory,
          messages: request.messages,
          offset,
          idOf: idOf ?? positionId,
          // Without framework ids: a message is the stored one it converts to (nothing hashed per call).
          isStored:
            idOf === undefined
              ? (message, _index, stored) =>
                  isSameValue(
                    fromFramework([message], { ids: [stored.id], memory })[0],
                    stored,
                  )
              : undefined,
          convert: (fresh, { ids: freshIds }) => {
            const converted = fromFramework(fresh, { ids: freshIds, memory });
            // A core message made from a framework message converts back to it.
            converted.forEach((message, index) =>
              cache.set(message, fresh[index]!),
            );
            return converted;
          },
          lastInput: data.input,
          sampleSize: SAMPLE_SIZE,
          // After an eviction the last view is gone: the working messages are what it held.
          lastView: request.acceptsView
            ? (data.view ?? memory.getMessages().map(convert))
            : undefined,
          isSameMessage,
        });
        data.input = sampleMessages(request.messages, offset, SAMPLE_SIZE);
        if (request.system !== undefined) systemTexts.push(request.system);
        const tokens =
          offset === 0 &&
          request.system === undefined &&
          request.tools === undefined
            ? (fixedTokens.get(memory)?.tokens ?? initialFixedTokens)
            : measureTokens(memory, {
                system: systemTexts.filter((text) => text !== '').join('\n\n'),
                tools: request.tools,
              });
        const before = {
          tokens: memory.countTokens(),
          messages: memory.getMessageCount(),
        };
        const compression = await memory.compressIfNeeded({
          fixedTokens: tokens,
          ...(request.signal === undefined ? {} : { signal: request.signal }),
        });
        let view: TMessage[] | undefined;
        if (request.view !== 'if-compressed' || compression.applied) {
          // Only appended since the last view: extend it in place instead of mapping the history again.
          view =
            untouched &&
            data.view !== undefined &&
            data.variant === variant &&
            sync.kind === 'appended' &&
            !compression.applied &&
            memory.getMessageCount() === data.view.length + sync.appended.length
              ? pushAll(data.view, sync.appended.map(convert))
              : memory.getMessages().map(convert);
        }
        data.view = view;
        data.variant = variant;
        data.revision = memory.getRevision();
        return {
          memory,
          sync,
          compression,
          before,
          // One copy: the session keeps extending its view in place.
          messages: view && request.messages.slice(0, offset).concat(view),
          calibrate: calibrator(memory, tokens),
        };
      });
    },
    measure: (memory, fixed) => {
      const tokens = measureTokens(memory, fixed);
      return { calibrate: calibrator(memory, tokens) };
    },
    resolveSessionId,
    getMemory: (sessionId) => registry.getMemory(sessionId),
    deleteSession: (sessionId) => registry.deleteSession(sessionId),
  };
}

/** The default id of the framework message at `index` (see `idOf`). */
function positionId(_message: unknown, index: number): string {
  return `m${index}`;
}

/** Appends `items` to `list` in place (no copy of a long view). */
function pushAll<TItem>(list: TItem[], items: readonly TItem[]): TItem[] {
  for (const item of items) list.push(item);
  return list;
}
