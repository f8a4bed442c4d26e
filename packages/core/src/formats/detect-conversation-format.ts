import { isRecord } from '../vocabulary/util/is-record';
import type { ConversationFormat } from './conversation-format';

/** A conversation as a trace file holds it. */
export interface ConversationInput {
  /** The messages or items (a Responses `input` string included). */
  readonly messages: string | readonly unknown[];
  /** Anthropic's top-level `system`. */
  readonly system?: unknown;
  /** Responses' `instructions`. */
  readonly instructions?: unknown;
}

/** Why a format was chosen: the first field that only that format has. */
export interface FormatEvidence {
  readonly format: ConversationFormat;
  /** Where, e.g. `messages[3].content[0].type` or `system`. */
  readonly path: string;
  /** What was found there, e.g. `"tool_use"`. */
  readonly found: string;
}

/** What `detectConversationFormat` tells: the format and the field that says so, or the fields of several formats. */
export type FormatDetection =
  | {
      readonly ok: true;
      readonly format: ConversationFormat;
      /** `null` when nothing marks a format: plain `{ role, content: string }` messages, read the same by every format (`openai-chat` is chosen). */
      readonly evidence: FormatEvidence | null;
    }
  | {
      readonly ok: false;
      /** The first evidence of each format found, when several are. */
      readonly conflicts: readonly FormatEvidence[];
    };

const LANGCHAIN_TYPES = new Set([
  'human',
  'ai',
  'system',
  'tool',
  'chat',
  'generic',
  'function',
  'remove',
  'developer',
]);
const RESPONSES_ITEM_TYPES = new Set([
  'message',
  'function_call',
  'function_call_output',
  'reasoning',
  'item_reference',
  'web_search_call',
  'file_search_call',
  'computer_call',
  'computer_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
]);
const RESPONSES_PART_TYPES = new Set([
  'input_text',
  'output_text',
  'input_image',
  'input_file',
  'input_audio',
  'refusal',
]);
const ANTHROPIC_BLOCK_TYPES = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'document',
  'server_tool_use',
  'web_search_tool_result',
]);
const AI_SDK_PART_TYPES = new Set([
  'tool-call',
  'tool-result',
  'reasoning',
  'tool-approval-request',
  'tool-approval-response',
]);
const OPENAI_CHAT_PART_TYPES = new Set(['image_url', 'input_audio']);

/**
 * Tells which {@link ConversationFormat} a conversation is in, from the
 * fields only one format has (`tool_calls` → OpenAI chat; `type:
 * 'function_call'` items or `input_text` parts → Responses; `tool_use` /
 * `tool_result` / `thinking` blocks or a `system` field → Anthropic;
 * `tool-call` / `tool-result` parts → AI SDK; `{ type, data }` or `lc`
 * constructor JSON → LangChain). Plain text messages mark no format; they
 * read the same in every format, so `openai-chat` is chosen. Pure: reads,
 * never throws.
 */
export function detectConversationFormat(
  conversation: ConversationInput,
): FormatDetection {
  const found = new Map<ConversationFormat, FormatEvidence>();
  const mark = (
    format: ConversationFormat,
    path: string,
    value: unknown,
  ): void => {
    if (!found.has(format)) {
      found.set(format, { format, path, found: JSON.stringify(value) });
    }
  };
  if (conversation.system !== undefined) {
    mark('anthropic', 'system', typeof conversation.system);
  }
  if (conversation.instructions !== undefined) {
    mark('openai-responses', 'instructions', typeof conversation.instructions);
  }
  const { messages } = conversation;
  if (typeof messages === 'string') {
    mark('openai-responses', 'input', 'string');
  } else if (Array.isArray(messages)) {
    messages.forEach((message: unknown, index) => {
      inspectMessage(message, `messages[${index}]`, mark);
    });
  }
  const conflicts = [...found.values()];
  if (conflicts.length === 1) {
    return { ok: true, format: conflicts[0]!.format, evidence: conflicts[0]! };
  }
  if (conflicts.length === 0) {
    return { ok: true, format: 'openai-chat', evidence: null };
  }
  return { ok: false, conflicts };
}

function inspectMessage(
  message: unknown,
  path: string,
  mark: (format: ConversationFormat, path: string, value: unknown) => void,
): void {
  if (!isRecord(message)) return;
  if (message.lc === 1 && message.type === 'constructor') {
    mark('langchain', `${path}.lc`, 1);
    return;
  }
  if (
    typeof message.type === 'string' &&
    LANGCHAIN_TYPES.has(message.type) &&
    isRecord(message.data)
  ) {
    mark('langchain', `${path}.type`, message.type);
    return;
  }
  if (
    typeof message.type === 'string' &&
    RESPONSES_ITEM_TYPES.has(message.type)
  ) {
    mark('openai-responses', `${path}.type`, message.type);
  }
  for (const key of ['tool_calls', 'tool_call_id', 'function_call']) {
    if (message[key] !== undefined) mark('openai-chat', `${path}.${key}`, key);
  }
  if (message.role === 'function') {
    mark('openai-chat', `${path}.role`, message.role);
  }
  if (!Array.isArray(message.content)) return;
  message.content.forEach((part: unknown, position) => {
    if (!isRecord(part) || typeof part.type !== 'string') return;
    const where = `${path}.content[${position}].type`;
    const type = part.type;
    if (RESPONSES_PART_TYPES.has(type)) mark('openai-responses', where, type);
    else if (ANTHROPIC_BLOCK_TYPES.has(type)) mark('anthropic', where, type);
    else if (AI_SDK_PART_TYPES.has(type)) mark('ai-sdk', where, type);
    else if (OPENAI_CHAT_PART_TYPES.has(type)) mark('openai-chat', where, type);
    else if (type === 'image') {
      if (part.source !== undefined) mark('anthropic', where, type);
      else if (part.image !== undefined) mark('ai-sdk', where, type);
    } else if (type === 'file') {
      if (part.file !== undefined) mark('openai-chat', where, type);
      else if (part.mediaType !== undefined) mark('ai-sdk', where, type);
    }
  });
}
