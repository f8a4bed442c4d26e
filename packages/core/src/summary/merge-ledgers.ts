import type { IdentifierLedger } from '../message/acm-marker';
import { LEDGER_MAX_PER_KIND } from './extract-identifier-ledger';

/**
 * Unites ledgers kind by kind: de-duplicated, in first-seen order (the earlier
 * ledger's entries first), capped at `LEDGER_MAX_PER_KIND` (40) per kind so that a
 * rollup merged generation after generation does not grow without bound.
 */
export function mergeLedgers(
  ...ledgers: readonly IdentifierLedger[]
): IdentifierLedger {
  return {
    paths: unite(ledgers.map((ledger) => ledger.paths)),
    identifiers: unite(ledgers.map((ledger) => ledger.identifiers)),
    numbers: unite(ledgers.map((ledger) => ledger.numbers)),
    errors: unite(ledgers.map((ledger) => ledger.errors)),
  };
}

function unite(lists: readonly (readonly string[])[]): string[] {
  const united = new Set<string>();
  for (const list of lists) {
    for (const entry of list) {
      if (united.size >= LEDGER_MAX_PER_KIND) return [...united];
      united.add(entry);
    }
  }
  return [...united];
}
