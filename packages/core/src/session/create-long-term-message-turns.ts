import type {
  LongTermMemory,
  LongTermMemoryMode,
} from '../tools/long-term/create-long-term-memory';
import { formatLongTermMemoryBlock } from '../tools/long-term/format-long-term-memory-block';
import {
  recordToMemoryToolDefinition,
  retrieveFromMemoryToolDefinition,
} from '../tools/long-term/long-term-tool-definitions';
import type { ToolDefinition } from '../tools/long-term/tool-definition';
import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type { Message } from '../vocabulary/message/message';
import { createSessionToolHandler } from './create-session-tool-handler';
import type { LongTermTurnError } from './create-long-term-turns';
import { createLongTermTurns, findLastIndex } from './create-long-term-turns';

/** A long-term memory, or a function picking it from a call's context (`undefined`: none for this call). */
export type LongTermMemorySourceOf<TContext> =
  LongTermMemory | ((context: TContext) => LongTermMemory | undefined);

/**
 * The mode of a long-term memory given to an adapter: its own, or `mode` for
 * a getter (whose memories cannot be read before a call).
 * @throws InvalidArgumentError for a getter without `mode`.
 */
export function resolveLongTermMode<TContext>(
  memory: LongTermMemorySourceOf<TContext>,
  mode: LongTermMemoryMode | undefined,
): LongTermMemoryMode {
  if (typeof memory !== 'function') return memory.mode;
  if (mode === undefined) {
    throw new InvalidArgumentError({
      parameter: 'mode',
      value: mode,
      message:
        "give the mode ('static', 'agent' or 'both') with a memory getter: the memories it returns must all have it",
    });
  }
  return mode;
}

/** A long-term tool as an adapter registers it: core's definition and its handler. */
export interface LongTermTool<TContext> extends ToolDefinition {
  /** Answers a call with text for the model (never rejects). */
  readonly handler: (input: unknown, context: TContext) => Promise<string>;
}

/** The tools' answer for a call whose getter gives no memory. */
export const NO_LONG_TERM_MEMORY_REPLY =
  'No long-term memory is available for this run.';

/**
 * Long-term memory's agent mode (`'agent'` and `'both'`) as tools for an
 * adapter: `record_to_memory` and `retrieve_from_memory` (core's
 * definitions), answered by `handleToolCall` of the memory (a getter's, per
 * call; {@link NO_LONG_TERM_MEMORY_REPLY} without one): never rejects, a
 * failing backend gets a one-line answer. `[]` in `'static'` mode.
 * @throws InvalidArgumentError for a getter without `mode`.
 */
export function createLongTermTools<TContext>(
  memory: LongTermMemorySourceOf<TContext>,
  mode?: LongTermMemoryMode,
): LongTermTool<TContext>[] {
  if (resolveLongTermMode(memory, mode) === 'static') return [];
  return [recordToMemoryToolDefinition, retrieveFromMemoryToolDefinition].map(
    (definition) => ({
      ...definition,
      handler: createSessionToolHandler<LongTermMemory, TContext>({
        memory,
        createHandler: (target) => (input) =>
          target.handleToolCall(definition.name, input),
        noMemoryReply: NO_LONG_TERM_MEMORY_REPLY,
      }),
    }),
  );
}

/** A framework message as `createLongTermMessageTurns` reads it. */
export interface LongTermTurnMessage {
  readonly content: string | readonly unknown[];
}

/** Long-term memory's static mode around a framework's model calls. */
export interface LongTermMessageTurns<TMessage, TContext> {
  /**
   * `messages` with the memories relevant to the latest user message as the
   * first text part of that message (`<long_term_memory>…</long_term_memory>`,
   * in this request only: the system prompt and earlier messages stay
   * identical, so prompt caches keep hitting), retrieved once per message;
   * `messages` itself in `'agent'` mode, without a memory for `context`,
   * without a user message or with nothing relevant. A failed retrieval goes
   * to `onError` (`messages` itself), or rejects without it.
   */
  inject(
    messages: readonly TMessage[],
    context: TContext,
  ): Promise<readonly TMessage[]>;
  /**
   * Records the turn (from the latest user message on; core records each
   * message once, by id, in the backend: a turn sent again after a restart
   * or by another instance adds nothing) in the background, except in `'agent'` mode: never
   * awaited, a failure goes to `onError` or is dropped.
   */
  record(messages: readonly TMessage[], context: TContext): void;
  /** Resolves when every recording started so far has settled (never rejects). */
  flush(): Promise<void>;
}

/** The options of {@link createLongTermMessageTurns}. */
export interface LongTermMessageTurnsOptions<TMessage, TContext> {
  /** The memory of the run's owner, or a function picking it from the call's context. */
  readonly memory: LongTermMemorySourceOf<TContext>;
  /**
   * The mode, required with a memory getter.
   * @default memory.mode
   */
  readonly mode?: LongTermMemoryMode;
  /** Whether a message is the user's (the turn starts at the latest one). */
  readonly isUser: (message: TMessage) => boolean;
  /** Converts messages at `offset` and on to core messages. */
  readonly toCore: (
    messages: readonly TMessage[],
    offset: number,
  ) => readonly Message[];
  /** The message with new content parts (the memories block first). */
  readonly withContent: (message: TMessage, content: unknown[]) => TMessage;
  /**
   * Receives a failed recording (never thrown into the run) and a failed
   * retrieval (the call goes on without memories).
   * @default undefined: a failed retrieval fails the call, a failed recording is dropped
   */
  readonly onError?: (error: unknown, context: LongTermTurnError) => void;
}

/**
 * Core's `createLongTermTurns` over a framework's message list, for the
 * memory (or the getter's memory for a call's context) in its mode: where the
 * turn starts (`isUser`), how its messages become core messages (`toCore`,
 * given their position) and how a message is rebuilt with new content
 * (`withContent`) are the adapter's; the rest is shared.
 * @throws InvalidArgumentError for a getter without `mode`.
 */
export function createLongTermMessageTurns<
  TMessage extends LongTermTurnMessage,
  TContext = void,
>({
  memory,
  mode,
  isUser,
  toCore,
  withContent,
  onError,
}: LongTermMessageTurnsOptions<TMessage, TContext>): LongTermMessageTurns<
  TMessage,
  TContext
> {
  const isStatic = resolveLongTermMode(memory, mode) !== 'agent';
  const memoryOf = (context: TContext) =>
    !isStatic
      ? undefined
      : typeof memory === 'function'
        ? memory(context)
        : memory;
  const turns = createLongTermTurns({ onError });
  return {
    async inject(messages, context) {
      const target = memoryOf(context);
      const index = findLastIndex(messages, isUser);
      if (target === undefined || index < 0) return messages;
      const user = messages[index]!;
      const text = await turns.retrieve(target, toCore([user], index)[0]!);
      if (text === '') return messages;
      const { content } = user;
      const withBlock = withContent(user, [
        { type: 'text', text: formatLongTermMemoryBlock(text) },
        ...(typeof content === 'string'
          ? [{ type: 'text', text: content }]
          : content),
      ]);
      return messages.map((message, at) =>
        at === index ? withBlock : message,
      );
    },
    record(messages, context) {
      const target = memoryOf(context);
      const start = findLastIndex(messages, isUser);
      if (target === undefined || start < 0) return;
      const turn = messages.slice(start);
      turns.record(target, () => toCore(turn, start));
    },
    flush: () => turns.flush(),
  };
}
