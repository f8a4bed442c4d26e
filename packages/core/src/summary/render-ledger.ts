import type { IdentifierLedger } from '../message/acm-marker';

/**
 * The ledger as one compact line to append to a summary, e.g.
 * `Facts kept verbatim — paths: src/a.py; ids: call_1, HAT136; numbers: 404; errors: KeyError: 'x'`.
 * Empty kinds are left out; an empty ledger renders as `''`. Errors are separated
 * by ` | ` because they may contain commas.
 */
export function renderLedger(ledger: IdentifierLedger): string {
  const sections: string[] = [];
  if (ledger.paths.length > 0)
    sections.push(`paths: ${ledger.paths.join(', ')}`);
  if (ledger.identifiers.length > 0)
    sections.push(`ids: ${ledger.identifiers.join(', ')}`);
  if (ledger.numbers.length > 0)
    sections.push(`numbers: ${ledger.numbers.join(', ')}`);
  if (ledger.errors.length > 0)
    sections.push(`errors: ${ledger.errors.join(' | ')}`);
  return sections.length === 0
    ? ''
    : `Facts kept verbatim — ${sections.join('; ')}`;
}
