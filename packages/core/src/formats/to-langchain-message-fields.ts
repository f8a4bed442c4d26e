import { isSameValue } from '../vocabulary/util/is-same-value';
import { getAcmMarker } from '../vocabulary/message/acm-marker';
import type {
  Message,
  Part,
  ToolCallPart,
} from '../vocabulary/message/message';
import { stringifyToolOutput } from '../vocabulary/message/message-text';
import { isRecord } from '../vocabulary/util/is-record';
import type { ContentPart } from './langchain-content-block';
import {
  contentBlockToPart,
  getDefaultContentForm,
  partToContentBlock,
} from './langchain-content-block';
import {
  ACM_LC_SOURCE,
  LANGCHAIN_METADATA_KEY,
} from './langchain-message-metadata';
import type {
  JsonObject,
  LangChainMessageFields,
  LangChainMessageMetadata,
  LangChainToolCallMetadata,
} from './langchain-message-metadata';

/**
 * The LangChain message a core message stands for, as plain data (the
 * inverse of `fromLangChainMessages`, exact for every message it read; ids
 * always set, so LangGraph's reducer and `RemoveMessage` find them).
 * `@acm/langchain`'s `toLangChainMessages` makes the class of `type` from it.
 *
 * Messages ACM wrote (summaries, offload stubs, …) carry their marker as
 * `additional_kwargs.acm` and `additional_kwargs.lc_source = 'acm'`.
 * Metadata under `metadata.langchain` is used only where it still fits the
 * message: content ACM rewrote is written from its parts (LangChain v1
 * content blocks, or a string for a single text part).
 */
export function toLangChainMessageFields(
  message: Message,
): LangChainMessageFields {
  const metadata = readMetadata(message);
  const marker = getAcmMarker(message);
  const additional_kwargs: Record<string, unknown> = {
    ...metadata.additionalKwargs,
  };
  if (marker !== undefined) {
    additional_kwargs.acm = marker;
    additional_kwargs.lc_source = ACM_LC_SOURCE;
  }
  const common = {
    id: message.id,
    additional_kwargs,
    response_metadata: { ...metadata.responseMetadata },
    ...(message.name === undefined ? {} : { name: message.name }),
  };
  if (message.role === 'tool')
    return writeToolMessage(message, metadata, common);
  const content = writeContent(message.content, metadata);
  if (metadata.chatRole !== undefined) {
    return { type: 'generic', ...common, content, role: metadata.chatRole };
  }
  if (message.role !== 'assistant') {
    return {
      type: message.role === 'user' ? 'human' : 'system',
      ...common,
      content,
    };
  }
  return {
    type: 'ai',
    ...common,
    content,
    tool_calls: message.content
      .filter((part): part is ToolCallPart => part.type === 'tool-call')
      .map((part) => writeToolCall(part, metadata)),
    invalid_tool_calls: (metadata.invalidToolCalls ?? []).map((call) => ({
      ...call,
    })),
    ...(metadata.usageMetadata === undefined
      ? {}
      : { usage_metadata: { ...metadata.usageMetadata } }),
  };
}

function readMetadata(message: Message): LangChainMessageMetadata {
  const metadata = message.metadata?.[LANGCHAIN_METADATA_KEY];
  return isRecord(metadata, { plain: true }) ? metadata : {};
}

function writeContent(
  parts: readonly Part[],
  metadata: LangChainMessageMetadata,
): string | JsonObject[] {
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
      isSameValue(contentBlockToPart(stored), part)
    ) {
      return { ...stored };
    }
    return partToContentBlock(part);
  });
}

function writeToolCall(
  part: ToolCallPart,
  metadata: LangChainMessageMetadata,
): Record<string, unknown> {
  const entry: LangChainToolCallMetadata | null | undefined =
    metadata.toolCalls?.find(
      (candidate) => candidate !== null && candidate.id === part.toolCallId,
    );
  if (entry === undefined || entry === null) {
    return {
      id: part.toolCallId,
      name: part.toolName,
      args: part.input,
      type: 'tool_call',
    };
  }
  return {
    ...entry.extra,
    ...(entry.idMissing === true ? {} : { id: part.toolCallId }),
    name: part.toolName,
    args: part.input,
  };
}

function writeToolMessage(
  message: Message,
  metadata: LangChainMessageMetadata,
  common: Omit<LangChainMessageFields, 'type'>,
): LangChainMessageFields {
  const result = message.content.find((part) => part.type === 'tool-result');
  const output = result?.output;
  const content: unknown =
    typeof output === 'string' || Array.isArray(output)
      ? output
      : output === undefined
        ? ''
        : stringifyToolOutput(output);
  const status =
    result?.isError === true ? 'error' : (metadata.status ?? undefined);
  return {
    type: 'tool',
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
  };
}
