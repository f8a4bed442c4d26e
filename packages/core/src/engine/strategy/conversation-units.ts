import type {
  ConversationStructure,
  Exchange,
} from '../../state/conversation/analyze-conversation';

/**
 * The smallest piece of a conversation a strategy may cut around: one whole
 * tool exchange (the call and all its results), or one other message. Cutting
 * on unit boundaries never separates a call from its results.
 */
export interface ConversationUnit {
  /** Index of the unit's first message. */
  readonly start: number;
  /** Exclusive end. */
  readonly end: number;
  /** The exchange, when the unit is one. */
  readonly exchange?: Exchange;
}

/** Splits `length` messages into units, in order, using `structure.exchanges`. */
export function listConversationUnits(
  structure: ConversationStructure,
  length: number,
): ConversationUnit[] {
  const units: ConversationUnit[] = [];
  let exchangeIndex = 0;
  let index = 0;
  while (index < length) {
    let exchange = structure.exchanges[exchangeIndex];
    while (exchange !== undefined && exchange.callIndex < index) {
      exchangeIndex++;
      exchange = structure.exchanges[exchangeIndex];
    }
    if (exchange !== undefined && exchange.callIndex === index) {
      units.push({ start: index, end: exchange.end, exchange });
      index = exchange.end;
      exchangeIndex++;
    } else {
      units.push({ start: index, end: index + 1 });
      index++;
    }
  }
  return units;
}
