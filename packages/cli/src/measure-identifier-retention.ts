import type { Message } from '@acm/core';
import { collectUsedProbes, containsProbe } from './extract-probes';

/** What one assistant turn's identifiers tell about the context it was given. */
export interface IdentifierRetention {
  /** Probes the assistant message uses (`collectUsedProbes`). */
  readonly used: number;
  /**
   * Of those, the ones an earlier original message offered as a source (a
   * tool result or a tool-call input, `collectSourceProbes`) and that the
   * always-visible text (the system prompt) does not contain.
   */
  readonly earlier: number;
  /** Of those, the ones visible as a whole token in the managed context. */
  readonly retained: number;
  /** Of those, the ones still visible once identifier lists are removed from ACM-written text. */
  readonly retainedWithoutLists: number;
  /** The earlier probes that were not visible at all (at most 20). */
  readonly missing: readonly string[];
}

export interface MeasureIdentifierRetentionOptions {
  /** The assistant message of the turn (what the model wrote next). */
  readonly message: Message;
  /** Source probes of every original message before the turn. */
  readonly earlierProbes: ReadonlySet<string>;
  /**
   * Text the model sees whatever compression does (the system prompt):
   * probes found in it are not counted.
   * @default ''
   */
  readonly alwaysVisibleText?: string;
  /** The managed context the model was given for the turn, as text. */
  readonly managedText: string;
  /**
   * The same without the identifier lists of ACM-written messages.
   * @default managedText
   */
  readonly managedTextWithoutLists?: string;
}

/**
 * Identifier retention of one assistant turn, with probes independent of
 * core's ledger extractor (`extractProbes`): of the probes the turn uses
 * that came from an earlier tool result or tool-call input (and are not in
 * the system prompt), how many are still visible in the managed context the
 * model was given, with and without ACM's identifier lists. A probe the
 * model could only know from the earlier conversation and that is missing
 * from its context was lost by compression (or the model remembered it
 * another way; either way the context did not carry it).
 */
export function measureIdentifierRetention({
  message,
  earlierProbes,
  alwaysVisibleText = '',
  managedText,
  managedTextWithoutLists = managedText,
}: MeasureIdentifierRetentionOptions): IdentifierRetention {
  const used = collectUsedProbes(message);
  let earlier = 0;
  let retained = 0;
  let retainedWithoutLists = 0;
  const missing: string[] = [];
  for (const probe of used) {
    if (!earlierProbes.has(probe)) continue;
    if (containsProbe(alwaysVisibleText, probe)) continue;
    earlier += 1;
    if (containsProbe(managedText, probe)) {
      retained += 1;
      if (
        managedTextWithoutLists === managedText ||
        containsProbe(managedTextWithoutLists, probe)
      ) {
        retainedWithoutLists += 1;
      }
    } else if (missing.length < 20) {
      missing.push(probe);
    }
  }
  return {
    used: used.length,
    earlier,
    retained,
    retainedWithoutLists,
    missing,
  };
}
