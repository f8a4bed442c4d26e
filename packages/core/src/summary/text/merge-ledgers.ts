import type { IdentifierLedger } from '../../vocabulary/message/acm-marker';
import { LEDGER_MAX_PER_KIND } from './extract-identifier-ledger';

/**
 * The ledger of a summary that replaces earlier summaries (generation n+1):
 * the newest ledger's entries first, then the earlier ones' that are not in it,
 * de-duplicated and capped at `LEDGER_MAX_PER_KIND` (40) per kind and 40
 * groups, so that a rollup merged generation after generation neither grows
 * nor keeps stale facts ahead of fresh ones. Pass the ledgers oldest first.
 * Groups of ledgers written before groups existed are left out.
 */
export function mergeLedgers(
  ...ledgers: readonly IdentifierLedger[]
): IdentifierLedger {
  const newestFirst = [...ledgers].reverse();
  const groups = new Map<string, readonly string[]>();
  for (const ledger of newestFirst) {
    for (const group of ledger.groups ?? []) {
      if (groups.size >= LEDGER_MAX_PER_KIND) break;
      const key = group.join('\u0000');
      if (!groups.has(key)) groups.set(key, group);
    }
  }
  return {
    paths: unite(newestFirst.map((ledger) => ledger.paths)),
    identifiers: unite(newestFirst.map((ledger) => ledger.identifiers)),
    numbers: unite(newestFirst.map((ledger) => ledger.numbers)),
    errors: unite(newestFirst.map((ledger) => ledger.errors)),
    groups: [...groups.values()],
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
