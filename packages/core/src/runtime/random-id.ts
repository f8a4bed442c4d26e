import type { IdGenerator } from '../vocabulary/clock/clock';

/** Decimal digits of a `randomId`: 39 uniform digits, 129.5 random bits. */
const ID_DIGITS = 39;

/**
 * 39 random decimal digits from the platform CSPRNG (129.5 bits: at least the
 * 128 of a UUID's worth). Unguessable; used for offload ids. Decimal, not hex,
 * so that every id costs the same tokens: o200k_base reads any 39 digits as
 * 13 three-digit tokens, while 32 random hex digits cost 12 to 27 depending on
 * where letters and digits meet (docs/decisions/2026-11-28-compaction-cost.md).
 */
export const randomId: IdGenerator = () => {
  const bytes = new Uint8Array(ID_DIGITS + 8);
  let id = '';
  while (id.length < ID_DIGITS) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 250 = 25 × 10: the bytes kept give every digit the same chance.
      if (byte >= 250) continue;
      id += String(byte % 10);
      if (id.length === ID_DIGITS) break;
    }
  }
  return id;
};
