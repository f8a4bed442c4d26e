import type { Message, Part, ToolCallPart } from '@acm/core';
import { getAcmMarker, stringifyToolOutput } from '@acm/core';
import {
  AIMessage,
  ChatMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import type { BaseMessage, MessageContent } from '@langchain/core/messages';
import type { ContentPart } from './content-block';
import {
  contentBlockToPart,
  getDefaultContentForm,
  partToContentBlock,
} from './content-block';
import { isJsonEqual, isPlainRecord } from '@acm/core/internal';

import {
  ACM_LC_SOURCE,
  LANGCHAIN_METADATA_KEY,
} from './langchain-message-metadata';
import type {
  JsonObject,
  LangChainMessageMetadata,
  LangChainToolCallMetadata,
} from './langchain-message-metadata';

/**
 * Converts core messages to LangChain messages: the inverse of
 * `fromLangChainMessages`, exact for every message it produced (ids always
 * set, so LangGraph's reducer and `RemoveMessage` find them).
 *
 * Messages ACM wrote (summaries, offload stubs, …) carry their marker as
 * `additional_kwargs.acm` and `additional_kwargs.lc_source = 'acm'`, so
 * LangChain code (and `fromLangChainMessages`) can tell them apart. Metadata
 * under `metadata.langchain` is used only where it still fits the message:
 * content ACM rewrote is written from its parts (LangChain v1 content
 * blocks, or a string for a single text part).
 */
export function toLangChainMessages(
  messages: readonly Message[],
): BaseMessage[] {
  return messages.map((message) => toLangChainMessage(message));
}

/** Converts one core message (see {@link toLangChainMessages}). */
export function toLangChainMessage(message: Message): BaseMessage {
  const metadata = readMetadata(message);
  const marker = getAcmMarker(message);
  const additional_kwargs: Record<string, unknown> = {
    ...metadata.additionalKwargs,
  };
  if (marker !== undefined) {
    additional_kwargs.acm = marker;
    additional_kwargs.lc_source = ACM_LC_SOURCE;
  }
  const response_metadata = { ...metadata.responseMetadata };
  const common = {
    id: message.id,
    additional_kwargs,
    response_metadata,
    ...(message.name === undefined ? {} : { name: message.name }),
  };

  switch (message.role) {
    case 'tool':
      return writeToolMessage(message, metadata, common);
    case 'assistant': {
      const calls = message.content.filter(
        (part): part is ToolCallPart => part.type === 'tool-call',
      );
      const content = writeContent(message.content, metadata);
      if (metadata.chatRole !== undefined) {
        return new ChatMessage({ ...common, content, role: metadata.chatRole });
      }
      return new AIMessage({
        ...common,
        content,
        tool_calls: calls.map((part) => writeToolCall(part, metadata)),
        invalid_tool_calls: (metadata.invalidToolCalls ?? []).map(
          (call) => ({ ...call }) as never,
        ),
        ...(metadata.usageMetadata === undefined
          ? {}
          : { usage_metadata: { ...metadata.usageMetadata } as never }),
      });
    }
    case 'user':
    case 'system': {
      const content = writeContent(message.content, metadata);
      if (metadata.chatRole !== undefined) {
        return new ChatMessage({ ...common, content, role: metadata.chatRole });
      }
      return message.role === 'user'
        ? new HumanMessage({ ...common, content })
        : new SystemMessage({ ...common, content });
    }
  }
}

function readMetadata(message: Message): LangChainMessageMetadata {
  const metadata = message.metadata?.[LANGCHAIN_METADATA_KEY];
  return isPlainRecord(metadata) ? metadata : {};
}

function writeContent(
  parts: readonly Part[],
  metadata: LangChainMessageMetadata,
): MessageContent {
  const contentParts = parts.filter(
    (part): part is ContentPart =>
      part.type === 'text' || part.type === 'reasoning' || part.type === 'file',
  );
  const form =
    metadata.content === 'array' ? 'array' : getDefaultContentForm(parts);
  if (form === 'string' && contentParts.every((part) => part.type === 'text')) {
    return contentParts.map((part) => part.text).join('');
  }
  return contentParts.map((part, index) => {
    const stored: JsonObject | null | undefined = metadata.blocks?.[index];
    if (
      stored !== null &&
      stored !== undefined &&
      isJsonEqual(contentBlockToPart(stored), part)
    ) {
      return { ...stored };
    }
    return partToContentBlock(part);
  }) as MessageContent;
}

function writeToolCall(
  part: ToolCallPart,
  metadata: LangChainMessageMetadata,
): Record<string, unknown> & { name: string; args: Record<string, unknown> } {
  const entry: LangChainToolCallMetadata | null | undefined =
    metadata.toolCalls?.find(
      (candidate) => candidate !== null && candidate.id === part.toolCallId,
    );
  const args = part.input as Record<string, unknown>;
  if (entry === undefined || entry === null) {
    return {
      id: part.toolCallId,
      name: part.toolName,
      args,
      type: 'tool_call',
    };
  }
  return {
    ...entry.extra,
    ...(entry.idMissing === true ? {} : { id: part.toolCallId }),
    name: part.toolName,
    args,
  };
}

function writeToolMessage(
  message: Message,
  metadata: LangChainMessageMetadata,
  common: {
    id: string;
    additional_kwargs: Record<string, unknown>;
    response_metadata: Record<string, unknown>;
  },
): ToolMessage {
  const result = message.content.find((part) => part.type === 'tool-result');
  const output = result?.output;
  const content: MessageContent =
    typeof output === 'string'
      ? output
      : Array.isArray(output)
        ? (output as MessageContent)
        : output === undefined
          ? ''
          : stringifyToolOutput(output);
  const status =
    result?.isError === true ? 'error' : (metadata.status ?? undefined);
  return new ToolMessage({
    ...common,
    content,
    tool_call_id: result?.toolCallId ?? '',
    ...(metadata.toolName === 'from-call' || result === undefined
      ? {}
      : { name: result.toolName }),
    ...(status === undefined ? {} : { status }),
    ...(metadata.artifact === undefined ? {} : { artifact: metadata.artifact }),
    ...(metadata.toolMetadata === undefined
      ? {}
      : { metadata: { ...metadata.toolMetadata } }),
  });
}
