import { extractIdentifierLedger } from '@acm/core';
import type { Message } from '@acm/core';
import { getVisibleText } from './get-visible-text';

/** What one assistant turn's identifiers tell about the context it was given. */
export interface IdentifierRetention {
  /** Identifiers the assistant message uses (paths, ids, symbols, error lines). */
  readonly used: number;
  /** Of those, the ones that appear in the conversation before the turn. */
  readonly earlier: number;
  /** Of those, the ones still visible in the managed context given to the model. */
  readonly retained: number;
  /** The earlier identifiers that were not visible (at most 20). */
  readonly missing: readonly string[];
}

export interface MeasureIdentifierRetentionOptions {
  /** The assistant message of the turn. */
  readonly message: Message;
  /** Every original message before the turn, as text (`getVisibleText`, joined). */
  readonly earlierText: string;
  /** The managed context the model was given for the turn, as text. */
  readonly managedText: string;
}

/** Identifiers a message uses: the paths, identifiers and error lines of its ledger (numbers left out). */
export function collectUsedIdentifiers(message: Message): string[] {
  const ledger = extractIdentifierLedger(getVisibleText(message), {
    maxPerKind: 1000,
  });
  return [...ledger.paths, ...ledger.identifiers, ...ledger.errors];
}

/**
 * Identifier retention of one assistant turn: of the identifiers the turn
 * uses (core's `extractIdentifierLedger` on the message: paths, identifiers,
 * error lines) that appear verbatim earlier in the conversation, how many are
 * still visible verbatim in the managed context the model was given. An
 * identifier the model could only know from the earlier conversation and that
 * is missing from its context was lost by compression (or the model
 * remembered it another way; either way the context did not carry it).
 */
export function measureIdentifierRetention({
  message,
  earlierText,
  managedText,
}: MeasureIdentifierRetentionOptions): IdentifierRetention {
  const used = collectUsedIdentifiers(message);
  let earlier = 0;
  let retained = 0;
  const missing: string[] = [];
  for (const identifier of used) {
    if (!earlierText.includes(identifier)) continue;
    earlier += 1;
    if (managedText.includes(identifier)) retained += 1;
    else if (missing.length < 20) missing.push(identifier);
  }
  return { used: used.length, earlier, retained, missing };
}
