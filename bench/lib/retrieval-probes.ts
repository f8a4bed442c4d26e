/**
 * Probes for the retrieval benchmarks (bench/retrieval/retrieval.ts and
 * bench/retrieval/retrieval-engines.ts), computed here and not by ACM: the bench renders
 * messages and extracts identifiers with its own code, so a change in core's
 * tokenizer or renderer cannot move the yardstick.
 */
import {
  AutoContextMemory,
  createExtractiveSummarizer,
  createTiktokenTokenCounter,
} from '@acm/core';
import type { Message } from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import type { SharedConversation } from '@acm/core/testing';
import { fromSharedMessages } from './from-shared-messages';

/** A message as plain text: text parts, tool-call inputs and tool-result outputs (the bench's own rendering). */
export function benchText(message: Message): string {
  return message.content
    .map((part) => {
      switch (part.type) {
        case 'text':
          return part.text;
        case 'tool-call':
          return `${part.toolName} ${typeof part.input === 'string' ? part.input : JSON.stringify(part.input)}`;
        case 'tool-result':
          return `${part.toolName} ${typeof part.output === 'string' ? part.output : JSON.stringify(part.output)}`;
        case 'reasoning':
        case 'file':
          return '';
      }
    })
    .join('\n');
}

const TOKEN = /[A-Za-z0-9][A-Za-z0-9_#-]*[A-Za-z0-9]/g;

/**
 * Identifier-like tokens of a text: at least 5 characters and either a digit
 * mixed with letters, `_` or `-` (user ids, payment ids, flight numbers,
 * dates), or six upper-case letters/digits (reservation ids).
 */
export function extractBenchIdentifiers(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    if (token.length < 5) continue;
    const hasDigit = /\d/.test(token);
    const mixed = hasDigit && /[A-Za-z_-]/.test(token);
    const reservation = /^[A-Z0-9]{6}$/.test(token) && /[A-Z]/.test(token);
    if (mixed || reservation) found.add(token);
  }
  return [...found];
}

export interface IdentifierProbe {
  readonly conversationId: string;
  /** Index of the assistant message that uses the identifier. */
  readonly messageIndex: number;
  readonly identifier: string;
  /** Words around the identifier in that message, the identifier left out (a vaguer query). */
  readonly contextQuery: string;
}

export interface OpeningProbe {
  readonly conversationId: string;
  /** The customer's first message, the query. */
  readonly query: string;
  /** Ground-truth action argument values found in a message other than the opening one. */
  readonly values: readonly string[];
}

export interface ReplayedConversation {
  readonly id: string;
  readonly messages: readonly Message[];
  readonly conversation: SharedConversation;
}

export function loadTau(limit?: number): ReplayedConversation[] {
  return loadSharedConversations({ dataset: 'tau', limit }).map(
    (conversation) => ({
      id: conversation.id,
      conversation,
      messages: fromSharedMessages(conversation.messages),
    }),
  );
}

/** A fresh memory as the bench replays it: default config except maxToken, extractive summarizer, o200k counter. */
export function createBenchMemory(
  sessionId: string,
  maxToken: number,
): AutoContextMemory {
  let sequence = 0;
  return new AutoContextMemory({
    sessionId,
    config: { maxToken },
    summarizer: createExtractiveSummarizer(),
    counter: createTiktokenTokenCounter(),
    clock: { now: () => 0 },
    generateId: () => `r${(sequence++).toString(36).padStart(5, '0')}`,
  });
}

/** String leaves of a JSON value. */
export function stringLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringLeaves);
  if (value !== null && typeof value === 'object') {
    return Object.values(value).flatMap(stringLeaves);
  }
  return [];
}

/** The opening-request probe of a conversation, or undefined when no argument value occurs elsewhere. */
export function openingProbe(
  replayed: ReplayedConversation,
): OpeningProbe | undefined {
  const opening = replayed.messages.find((message) => message.role === 'user');
  if (opening === undefined) return undefined;
  const actions = (replayed.conversation.extra.expected_actions ??
    []) as readonly {
    kwargs?: unknown;
  }[];
  const others = replayed.messages
    .filter((message) => message !== opening)
    .map(benchText);
  const values = [
    ...new Set(actions.flatMap((action) => stringLeaves(action.kwargs))),
  ].filter(
    (value) => value.length >= 3 && others.some((text) => text.includes(value)),
  );
  if (values.length === 0) return undefined;
  return { conversationId: replayed.id, query: benchText(opening), values };
}

/** The words of `text` around `identifier`, without it (at most 12 words each side). */
export function contextWords(text: string, identifier: string): string {
  const at = text.indexOf(identifier);
  const before = text
    .slice(0, at)
    .split(/[^A-Za-z0-9_]+/)
    .filter(Boolean)
    .slice(-12);
  const after = text
    .slice(at + identifier.length)
    .split(/[^A-Za-z0-9_]+/)
    .filter(Boolean)
    .slice(0, 12);
  return [...before, ...after]
    .filter((word) => !extractBenchIdentifiers(word).length)
    .join(' ');
}

export { median } from './stats';

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  ]!;
}
