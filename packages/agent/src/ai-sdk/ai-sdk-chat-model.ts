import { generateText, jsonSchema, tool } from 'ai';
import type { JSONSchema7, LanguageModel, ModelMessage, ToolSet } from 'ai';
import { getMessageText } from '@acm/core';
import type { Part } from '@acm/core';
import { toAiSdkMessages } from '@acm/core/formats';
import type { ChatModel } from '../model/chat-model';

export interface AiSdkChatModelOptions {
  /** Any AI SDK language model (a provider model or a gateway id). */
  readonly model: LanguageModel;
  /**
   * Retries of a failed provider call (`generateText`'s `maxRetries`).
   * @default 2
   */
  readonly maxRetries?: number;
  /**
   * Sampling temperature, passed through.
   * @default undefined (the provider's default)
   */
  readonly temperature?: number;
  /**
   * Most output tokens per call, passed through.
   * @default undefined (the provider's default)
   */
  readonly maxOutputTokens?: number;
}

/**
 * A {@link ChatModel} over an AI SDK `LanguageModel`: each reasoning step is
 * one `generateText` call with the agent's tools declared without `execute`
 * (the agent runs them), so the SDK returns the tool calls as they are. The
 * leading system message becomes `system`.
 */
export function aiSdkChatModel({
  model,
  maxRetries = 2,
  temperature,
  maxOutputTokens,
}: AiSdkChatModelOptions): ChatModel {
  return {
    async generate({ messages, tools, signal }) {
      const first = messages[0];
      const system =
        first?.role === 'system' ? getMessageText(first) : undefined;
      const toolSet: ToolSet = {};
      for (const definition of tools) {
        toolSet[definition.name] = tool({
          description: definition.description,
          inputSchema: jsonSchema(definition.inputSchema as JSONSchema7),
        });
      }
      const result = await generateText({
        model,
        ...(system === undefined ? {} : { system }),
        // Core's AI SDK mapping (plain JSON shapes): the same as ModelMessages.
        messages: toAiSdkMessages(
          system === undefined ? messages : messages.slice(1),
        ) as ModelMessage[],
        tools: toolSet,
        abortSignal: signal,
        maxRetries,
        allowSystemInMessages: true,
        ...(temperature === undefined ? {} : { temperature }),
        ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
      });
      const content: Part[] = [];
      for (const part of result.content) {
        if (part.type === 'text' && part.text !== '') {
          content.push({ type: 'text', text: part.text });
        } else if (part.type === 'reasoning' && part.text !== '') {
          content.push({ type: 'reasoning', text: part.text });
        } else if (part.type === 'tool-call') {
          content.push({
            type: 'tool-call',
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            input: part.input,
          });
        }
      }
      const { inputTokens, outputTokens } = result.usage;
      return {
        message: { role: 'assistant', content },
        ...(inputTokens === undefined
          ? {}
          : { usage: { inputTokens, outputTokens: outputTokens ?? 0 } }),
      };
    },
  };
}
