import type { AiSdkMessage } from '@acm/core/formats';
import type { AutoContextSessionOptions } from '@acm/core';
import { readToolDefinitions } from '@acm/core/adapter';
import { createAiSdkSessions, sessionAccess } from './auto-context-middleware';
import type {
  AiSdkHistoryOptions,
  AiSdkSessions,
} from './auto-context-middleware';

/** The `prepareStep` options the helper reads (ai 6 and ai 7). */
export interface AutoContextStepOptions<TMessage extends AiSdkMessage> {
  readonly messages: readonly TMessage[];
  readonly stepNumber?: number;
  /** ai 7: the step's instructions (counted when a string). */
  readonly instructions?: unknown;
  readonly [key: string]: unknown;
}

/**
 * The options of `autoContextPrepareStep`: the session of a loop, how its
 * messages are read (`history`, `onMismatch`, as the middleware's), what is
 * sent outside `messages`, and how each session's memory is made and kept
 * (core's `AutoContextSessionOptions`: memory options, `createMemory`,
 * `store`, `maxSessions`, `idleTimeoutMs`, `sharedSession`).
 */
export interface AutoContextPrepareStepOptions
  extends AutoContextSessionOptions, AiSdkHistoryOptions {
  /**
   * The session of a loop: a fixed id, or a function of the step options
   * (returning `undefined` when the step names none). A step without a
   * session is an error unless `sharedSession` is set.
   * @default undefined
   */
  readonly sessionId?:
    | string
    | ((options: AutoContextStepOptions<AiSdkMessage>) => string | undefined);
  /**
   * The system prompt sent outside `messages` (`system` / `instructions`),
   * counted toward the budget. On ai 7 a string `instructions` of the step is
   * counted without it.
   * @default undefined
   */
  readonly system?: string;
  /**
   * The tools of the loop (a `ToolSet` or definitions), counted toward the
   * budget as JSON.
   * @default undefined
   */
  readonly tools?: Readonly<Record<string, unknown>> | readonly unknown[];
}

/**
 * A `prepareStep` function plus access to its sessions (`getMemory`,
 * `deleteSession`, and `reload` / `search` for `contextReloadTool` /
 * `contextSearchTool`, as on `autoContextMiddleware`).
 */
export interface AutoContextPrepareStep extends AiSdkSessions {
  <TMessage extends AiSdkMessage>(
    options: AutoContextStepOptions<TMessage>,
  ): Promise<{ messages: TMessage[] }>;
}

/**
 * A `prepareStep` for `generateText` / `streamText` / `ToolLoopAgent` that
 * returns the session's managed view as the step's `messages` (the same
 * session logic as `autoContextMiddleware`: new messages appended, the
 * same prefix → the same view, compression by `@acm/core`).
 *
 * ai 7 carries a returned `messages` forward: later steps start from the
 * compacted messages (the helper recognises its own view and appends only
 * the step's new messages). ai 6 applies it to that step only: the next step
 * starts from the full messages again, and the helper maps them onto the
 * same memory, so the view is the same and nothing is summarized twice.
 *
 * @example
 * const prepareStep = autoContextPrepareStep({ sessionId: 'chat-42' });
 * await generateText({ model, messages, tools, prepareStep, stopWhen: stepCountIs(10) });
 */
export function autoContextPrepareStep({
  sessionId,
  system,
  tools,
  ...sessionOptions
}: AutoContextPrepareStepOptions = {}): AutoContextPrepareStep {
  const sessions = createAiSdkSessions(
    sessionOptions,
    'pass sessionId (a string, or a function of the step options that returns one) ',
  );
  const toolList = readToolDefinitions(tools);

  const prepareStep = async <TMessage extends AiSdkMessage>(
    options: AutoContextStepOptions<TMessage>,
  ): Promise<{ messages: TMessage[] }> => {
    const call = await sessions.manage({
      sessionId:
        typeof sessionId === 'function' ? sessionId(options) : sessionId,
      messages: options.messages,
      tools: toolList,
      system:
        typeof options.instructions === 'string'
          ? options.instructions
          : (system ?? ''),
      variant: 'v3',
      acceptsView: true,
    });
    return { messages: call.messages as TMessage[] };
  };
  return Object.assign(
    prepareStep,
    sessionAccess(
      sessions,
      typeof sessionId === 'string' ? sessionId : undefined,
    ),
  );
}
