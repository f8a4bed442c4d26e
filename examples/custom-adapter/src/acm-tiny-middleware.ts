// The adapter: ACM for the tiny framework, on the public entries only. It
// converts messages both ways and wires the framework's hooks to core's
// session kit; every decision (what to compress, when, how) stays in core.
// Guide: docs/guides/write-an-adapter.md
import {
  CONTEXT_RELOAD_TOOL_NAME,
  contextReloadToolDefinition,
  getMessageText,
  stringifyToolOutput,
} from '@acm/core';
import type { AutoContextMemory, Message, Part } from '@acm/core';
import { createSessionManager } from '@acm/core/adapter';
import type { AutoContextSessionOptions } from '@acm/core/adapter';
import type {
  TinyMessage,
  TinyMiddleware,
  TinyTool,
  TinyToolCall,
} from './tiny-framework';

/** A framework message as a core message with the id the session manager gives it. */
export function fromTinyMessage(message: TinyMessage, id: string): Message {
  switch (message.role) {
    case 'tool':
      return {
        id,
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.toolCallId,
            toolName: message.toolName,
            output: message.text,
          },
        ],
      };
    case 'assistant': {
      const calls: Part[] = (message.toolCalls ?? []).map((call) => ({
        type: 'tool-call',
        toolCallId: call.id,
        toolName: call.name,
        input: call.input,
      }));
      const text: Part[] =
        message.text !== '' || calls.length === 0
          ? [{ type: 'text', text: message.text }]
          : [];
      return { id, role: 'assistant', content: [...text, ...calls] };
    }
    case 'system':
    case 'user':
      return {
        id,
        role: message.role,
        content: [{ type: 'text', text: message.text }],
      };
  }
}

/**
 * A core message of the memory's view (one the framework sent, or one ACM
 * wrote: a summary, an offload stub) in the framework's format.
 */
export function toTinyMessage(message: Message): TinyMessage {
  const text = getMessageText(message);
  if (message.role === 'tool') {
    // The framework has one result per tool message, as fromTinyMessage made them.
    const result = message.content.find((part) => part.type === 'tool-result');
    return {
      role: 'tool',
      toolCallId: result?.toolCallId ?? '',
      toolName: result?.toolName ?? '',
      text: result === undefined ? text : stringifyToolOutput(result.output),
    };
  }
  if (message.role === 'assistant') {
    const toolCalls: TinyToolCall[] = message.content.flatMap((part) =>
      part.type === 'tool-call'
        ? [{ id: part.toolCallId, name: part.toolName, input: part.input }]
        : [],
    );
    return toolCalls.length === 0
      ? { role: 'assistant', text }
      : { role: 'assistant', text, toolCalls };
  }
  return { role: message.role, text };
}

/** The middleware, the reload tool, and access to the sessions. */
export interface AcmTinyMiddleware extends TinyMiddleware {
  /** The `context_reload` tool; register it with the agent. */
  readonly contextReloadTool: TinyTool;
  /** The memory of a thread, once a model call ran on it. */
  readonly getMemory: (threadId: string) => AutoContextMemory | undefined;
}

/**
 * ACM for the tiny framework: one memory per thread (core's session
 * manager), the thread's history synced into it before each model call (only
 * the new messages are converted), compressed when a trigger is reached, and
 * the model given the memory's working messages; the provider's usage
 * calibrates the count.
 */
export function acmTinyMiddleware(
  options: AutoContextSessionOptions = {},
): AcmTinyMiddleware {
  const sessions = createSessionManager<TinyMessage>({
    ...options,
    sessionParameter: 'threadId',
    missingSessionMessage: 'every call of the tiny agent names its thread',
    // The leading system message is sent as it is and counted as fixed tokens.
    systemTextOf: (message) =>
      message.role === 'system' ? message.text : undefined,
    fromFramework: (messages, { ids }) =>
      messages.map((message, index) => fromTinyMessage(message, ids[index]!)),
    toFramework: (message) => toTinyMessage(message),
  });
  /** How to calibrate a call, by the list the model got. */
  const calibrations = new WeakMap<object, (usage: unknown) => void>();
  return {
    async beforeModel({ threadId, messages, tools }) {
      const call = await sessions.manage({
        sessionId: threadId,
        messages,
        tools,
      });
      const view = call.messages ?? [...messages];
      calibrations.set(view, call.calibrate);
      return view;
    },
    afterModel({ messages, reply }) {
      calibrations.get(messages)?.(reply.usage);
    },
    contextReloadTool: {
      name: CONTEXT_RELOAD_TOOL_NAME,
      description: contextReloadToolDefinition.description,
      inputSchema: contextReloadToolDefinition.inputSchema,
      // Through the sessions: a thread evicted since the model's call is
      // loaded from the store (never rejects).
      execute: (input, context) => sessions.reload(context.threadId, input),
    },
    getMemory: sessions.getMemory,
  };
}
