// A made-up agent framework, the kind of thing an adapter wraps: it keeps each
// thread's full history, calls a model with a message list, runs the tools the
// model calls, and lets middleware rewrite the list a model call gets. It
// knows nothing about ACM.

/** A tool call the model asked for. */
export interface TinyToolCall {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
}

/** The framework's own message format. */
export type TinyMessage =
  | { readonly role: 'system' | 'user'; readonly text: string }
  | {
      readonly role: 'assistant';
      readonly text: string;
      readonly toolCalls?: readonly TinyToolCall[];
    }
  | {
      readonly role: 'tool';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly text: string;
    };

/** What a tool looks like to the model. */
export interface TinyToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** A tool: its spec and what it does (given the thread it runs in). */
export interface TinyTool extends TinyToolSpec {
  readonly execute: (
    input: unknown,
    context: { readonly threadId: string },
  ) => string | Promise<string>;
}

/** One model call: the messages and tools it gets. */
export interface TinyModelRequest {
  readonly messages: readonly TinyMessage[];
  readonly tools: readonly TinyToolSpec[];
}

/** A model's answer, with the usage its provider reported. */
export interface TinyModelReply {
  readonly message: Extract<TinyMessage, { role: 'assistant' }>;
  readonly usage?: { readonly inputTokens: number };
}

export type TinyModel = (request: TinyModelRequest) => Promise<TinyModelReply>;

/** Hooks around each model call; this is where an adapter plugs in. */
export interface TinyMiddleware {
  /** Returns the messages the model gets instead of the thread's history. */
  readonly beforeModel?: (call: {
    readonly threadId: string;
    readonly messages: readonly TinyMessage[];
    readonly tools: readonly TinyToolSpec[];
  }) => Promise<readonly TinyMessage[]>;
  /** Sees the messages the model got and its reply. */
  readonly afterModel?: (call: {
    readonly threadId: string;
    readonly messages: readonly TinyMessage[];
    readonly reply: TinyModelReply;
  }) => void;
}

export interface TinyAgent {
  /** Adds a user message to the thread and runs the model (and its tools) until it answers. */
  send(threadId: string, text: string): Promise<string>;
  /** The thread's full history, as the framework keeps it. */
  history(threadId: string): readonly TinyMessage[];
}

export function createTinyAgent({
  model,
  system,
  tools = [],
  middleware,
  maxSteps = 100,
}: {
  readonly model: TinyModel;
  readonly system?: string;
  readonly tools?: readonly TinyTool[];
  readonly middleware?: TinyMiddleware;
  readonly maxSteps?: number;
}): TinyAgent {
  const threads = new Map<string, TinyMessage[]>();
  const specs: TinyToolSpec[] = tools.map(
    ({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema,
    }),
  );
  const historyOf = (threadId: string): TinyMessage[] => {
    let history = threads.get(threadId);
    if (history === undefined) {
      history = system === undefined ? [] : [{ role: 'system', text: system }];
      threads.set(threadId, history);
    }
    return history;
  };
  return {
    async send(threadId, text) {
      const history = historyOf(threadId);
      history.push({ role: 'user', text });
      for (let step = 0; step < maxSteps; step++) {
        const messages =
          (await middleware?.beforeModel?.({
            threadId,
            messages: history,
            tools: specs,
          })) ?? history;
        const reply = await model({ messages, tools: specs });
        middleware?.afterModel?.({ threadId, messages, reply });
        history.push(reply.message);
        const calls = reply.message.toolCalls ?? [];
        if (calls.length === 0) return reply.message.text;
        for (const call of calls) {
          const tool = tools.find(({ name }) => name === call.name);
          history.push({
            role: 'tool',
            toolCallId: call.id,
            toolName: call.name,
            text:
              tool === undefined
                ? `Unknown tool ${call.name}`
                : await tool.execute(call.input, { threadId }),
          });
        }
      }
      throw new Error(`no answer after ${maxSteps} model calls`);
    },
    history: (threadId) => historyOf(threadId),
  };
}
