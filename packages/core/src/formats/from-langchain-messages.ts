import { isSameValue } from '../vocabulary/util/is-same-value';
import { InvalidMessageError } from '../vocabulary/error/invalid-message-error';
import type { AcmMarker } from '../vocabulary/message/acm-marker';
import type {
  Message,
  Part,
  Role,
  ToolCallPart,
} from '../vocabulary/message/message';
import { isRecord } from '../vocabulary/util/is-record';
import { withoutUndefined } from '../vocabulary/util/json-safe';
import type { ContentBlock, ContentPart } from './langchain-content-block';
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

/** Options of `fromLangChainMessages`. */
export interface FromLangChainMessagesOptions {
  /**
   * Id of the core message made from the input message at `index`, used only
   * when that message has no `id` (LangChain ids are always kept).
   * @default (index) => `lc-${offset + index}`
   */
  readonly generateId?: (index: number) => string;
  /**
   * The position of the first of `messages` in the conversation, for the
   * default ids (`lc-<position>`).
   * @default 0
   */
  readonly offset?: number;
  /**
   * Core messages that come before `messages` (the conversation so far): a
   * tool message without `name` takes its tool name from the matching call,
   * searched in `messages` first, then here (a function is called only then).
   * @default []
   */
  readonly previous?: readonly Message[] | (() => readonly Message[]);
}

type Mutable<T> = { -readonly [Key in keyof T]: T[Key] };

/**
 * Converts LangChain messages (`HumanMessage`, `AIMessage`, `ToolMessage`,
 * `SystemMessage`, and `ChatMessage` with a user, assistant or system role;
 * live objects or the same fields as plain data, no LangChain import) to core
 * messages, losslessly: `@acm/langchain`'s `toLangChainMessages` rebuilds
 * each one exactly (id-less messages come back with their new id).
 *
 * - ids are kept; id-less messages get `generateId(index)`;
 * - string content → one text part; content blocks → text, reasoning and
 *   file parts (other blocks → a text part with their JSON);
 * - `tool_calls` → tool-call parts after the content parts;
 *   `invalid_tool_calls` (never executed, so never answered) stay metadata;
 * - a `ToolMessage` → one tool-result part (`status: 'error'` →
 *   `isError`), its content (string or blocks) as the output;
 * - `additional_kwargs.acm` (what `toLangChainMessages` writes on messages
 *   ACM made) → `metadata.acm`;
 * - everything else LangChain-only (`additional_kwargs`,
 *   `response_metadata`, `usage_metadata`, `artifact`, …) → the JSON under
 *   `metadata.langchain` ({@link LangChainMessageMetadata}).
 *
 * @throws InvalidMessageError (with the index) for a message type core has
 * no role for (`remove`, `function`, a `ChatMessage` with another role).
 */
export function fromLangChainMessages(
  messages: readonly LangChainMessageFields[],
  {
    offset = 0,
    generateId = (index) => `lc-${offset + index}`,
    previous = [],
  }: FromLangChainMessagesOptions = {},
): Message[] {
  const converted: Message[] = [];
  messages.forEach((message, index) => {
    converted.push(
      convertMessage(message, index, generateId, (toolCallId) =>
        findToolName(
          toolCallId,
          converted,
          typeof previous === 'function' ? previous() : previous,
        ),
      ),
    );
  });
  return converted;
}

function convertMessage(
  message: LangChainMessageFields,
  index: number,
  generateId: (index: number) => string,
  findCallName: (toolCallId: string) => string | undefined,
): Message {
  const id =
    typeof message.id === 'string' && message.id !== ''
      ? message.id
      : generateId(index);
  const metadata: Mutable<LangChainMessageMetadata> = {};
  const role = readRole(message, index, metadata);

  const additionalKwargs: Record<string, unknown> = {
    ...withoutUndefined(message.additional_kwargs ?? {}),
  };
  const marker = readAcmMarker(additionalKwargs);
  if (marker !== undefined) {
    delete additionalKwargs.acm;
    if (additionalKwargs.lc_source === ACM_LC_SOURCE) {
      delete additionalKwargs.lc_source;
    }
  }
  if (Object.keys(additionalKwargs).length > 0) {
    metadata.additionalKwargs = additionalKwargs;
  }
  const responseMetadata = withoutUndefined(
    (message.response_metadata ?? {}) as JsonObject,
  );
  if (Object.keys(responseMetadata).length > 0) {
    metadata.responseMetadata = responseMetadata;
  }

  let content: Part[];
  if (role === 'tool') {
    content = [readToolResult(message, metadata, findCallName)];
  } else {
    content = readContent(message.content, metadata);
    if (role === 'assistant') {
      content.push(...readToolCalls(message, id, metadata));
    }
  }

  const name =
    role !== 'tool' && typeof message.name === 'string'
      ? message.name
      : undefined;
  const messageMetadata: Record<string, unknown> = {};
  if (marker !== undefined) messageMetadata.acm = marker;
  if (Object.keys(metadata).length > 0) {
    messageMetadata[LANGCHAIN_METADATA_KEY] = metadata;
  }
  return {
    id,
    role,
    ...(name === undefined ? {} : { name }),
    content,
    ...(Object.keys(messageMetadata).length > 0
      ? { metadata: messageMetadata }
      : {}),
  };
}

function readRole(
  message: LangChainMessageFields,
  index: number,
  metadata: Mutable<LangChainMessageMetadata>,
): Role {
  const type = message.type;
  switch (type) {
    case 'human':
      return 'user';
    case 'ai':
      return 'assistant';
    case 'system':
      return 'system';
    case 'tool':
      return 'tool';
    case 'generic': {
      const chatRole: unknown = message.role;
      const role =
        chatRole === 'user' || chatRole === 'human'
          ? 'user'
          : chatRole === 'assistant' || chatRole === 'ai'
            ? 'assistant'
            : chatRole === 'system'
              ? 'system'
              : undefined;
      if (role !== undefined && typeof chatRole === 'string') {
        metadata.chatRole = chatRole;
        return role;
      }
      throw new InvalidMessageError({
        index,
        reason: 'unknown-role',
        message: `a ChatMessage with role ${JSON.stringify(chatRole)} has no core role (use user, assistant or system)`,
      });
    }
    default:
      throw new InvalidMessageError({
        index,
        reason: 'unknown-role',
        message: `LangChain message type ${JSON.stringify(type)} has no core role (human, ai, system, tool and generic are supported)`,
      });
  }
}

function readAcmMarker(
  additionalKwargs: Record<string, unknown>,
): AcmMarker | undefined {
  const marker = additionalKwargs.acm;
  return isRecord(marker, { plain: true }) && typeof marker.kind === 'string'
    ? (marker as unknown as AcmMarker)
    : undefined;
}

function readContent(
  content: unknown,
  metadata: Mutable<LangChainMessageMetadata>,
): Part[] {
  if (typeof content === 'string') {
    const parts: Part[] =
      content === '' ? [] : [{ type: 'text', text: content }];
    return parts;
  }
  const blocks = Array.isArray(content) ? (content as unknown[]) : [];
  const parts: ContentPart[] = [];
  const stored: (JsonObject | null)[] = [];
  for (const raw of blocks) {
    const block: ContentBlock = isRecord(raw, { plain: true })
      ? withoutUndefined(raw)
      : { type: 'text', text: String(raw) };
    const part = contentBlockToPart(block);
    parts.push(part);
    stored.push(isSameValue(partToContentBlock(part), block) ? null : block);
  }
  if (stored.some((entry) => entry !== null)) metadata.blocks = stored;
  if (getDefaultContentForm(parts) === 'string') metadata.content = 'array';
  return parts;
}

function readToolCalls(
  message: LangChainMessageFields,
  messageId: string,
  metadata: Mutable<LangChainMessageMetadata>,
): ToolCallPart[] {
  if (message.usage_metadata !== undefined) {
    metadata.usageMetadata = withoutUndefined(
      message.usage_metadata as JsonObject,
    );
  }
  if (
    message.invalid_tool_calls !== undefined &&
    message.invalid_tool_calls.length > 0
  ) {
    metadata.invalidToolCalls = message.invalid_tool_calls.map((call) =>
      withoutUndefined(call as JsonObject),
    );
  }
  const parts: ToolCallPart[] = [];
  const entries: (LangChainToolCallMetadata | null)[] = [];
  (message.tool_calls ?? []).forEach((call, index) => {
    const { id, name, args, ...rest } = withoutUndefined(call as JsonObject);
    const idMissing = typeof id !== 'string' || id === '';
    const toolCallId = idMissing ? `${messageId}-call-${index}` : id;
    parts.push({
      type: 'tool-call',
      toolCallId,
      toolName: typeof name === 'string' ? name : '',
      input: args ?? {},
    });
    const isDefault = !idMissing && isSameValue(rest, { type: 'tool_call' });
    entries.push(
      isDefault
        ? null
        : {
            id: toolCallId,
            ...(idMissing ? { idMissing: true } : {}),
            extra: rest,
          },
    );
  });
  if (entries.some((entry) => entry !== null)) metadata.toolCalls = entries;
  return parts;
}

function readToolResult(
  message: LangChainMessageFields,
  metadata: Mutable<LangChainMessageMetadata>,
  findCallName: (toolCallId: string) => string | undefined,
): Part {
  const toolCallId = message.tool_call_id ?? '';
  let toolName = message.name;
  if (typeof toolName !== 'string') {
    metadata.toolName = 'from-call';
    toolName = findCallName(toolCallId) ?? '';
  }
  if (message.status === 'success') metadata.status = 'success';
  if (message.artifact !== undefined) {
    metadata.artifact = withoutUndefined(message.artifact);
  }
  if (message.metadata !== undefined) {
    metadata.toolMetadata = withoutUndefined(message.metadata as JsonObject);
  }
  const output: unknown =
    typeof message.content === 'string'
      ? message.content
      : withoutUndefined(message.content);
  return {
    type: 'tool-result',
    toolCallId,
    toolName,
    output,
    ...(message.status === 'error' ? { isError: true } : {}),
  };
}

function findToolName(
  toolCallId: string,
  converted: readonly Message[],
  previous: readonly Message[],
): string | undefined {
  for (const list of [converted, previous]) {
    for (let index = list.length - 1; index >= 0; index--) {
      const message = list[index]!;
      if (message.role !== 'assistant') continue;
      for (const part of message.content) {
        if (part.type === 'tool-call' && part.toolCallId === toolCallId) {
          return part.toolName;
        }
      }
    }
  }
  return undefined;
}
