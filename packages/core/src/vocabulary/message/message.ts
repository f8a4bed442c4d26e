/**
 * The neutral message model every ACM package speaks (DESIGN §3.1). It is close to
 * the AI SDK's `ModelMessage`, so conversions stay cheap. Messages are immutable
 * values: every ACM function returns new arrays and never mutates its input.
 */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

export const ROLES: readonly Role[] = ['system', 'user', 'assistant', 'tool'];

export interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

export interface ReasoningPart {
  readonly type: 'reasoning';
  readonly text: string;
  /** Provider data that must travel with the reasoning (signatures, encrypted content). */
  readonly providerMetadata?: unknown;
}

export interface ToolCallPart {
  readonly type: 'tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  /** Parsed tool arguments (any JSON value). */
  readonly input: unknown;
}

export interface ToolResultPart {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  /** The tool's output: a string, or any JSON value. */
  readonly output: unknown;
  readonly isError?: boolean;
}

export interface FilePart {
  readonly type: 'file';
  readonly mediaType: string;
  /** Base64 data, a data URL or a URL. */
  readonly data: string;
  readonly filename?: string;
}

export type Part =
  TextPart | ReasoningPart | ToolCallPart | ToolResultPart | FilePart;

export type PartType = Part['type'];

export interface Message {
  /** Unique within a conversation; ACM never reuses an id for different content. */
  readonly id: string;
  readonly role: Role;
  /** Speaker name (multi-agent setups). */
  readonly name?: string;
  readonly content: readonly Part[];
  readonly metadata?: Readonly<Record<string, unknown>>;
}
