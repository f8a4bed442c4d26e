/**
 * What every id an `AutoContextMemory` mints (`<session tag>_<random id>`) is
 * counted as, and the id strategies draft their output with before real ids
 * are drawn (docs/decisions/2026-11-28-compaction-cost.md): fixed, so that no
 * decision depends on the session id or the id generator, and never cheaper
 * than a default id. A default id is 8 hex digits, `_` and 39 decimal digits
 * (`randomId`); in o200k_base its digits are always 13 three-digit tokens,
 * `_` one, and the tag at most 8 (one a character); `0a0a0a0a` costs exactly
 * 8 (no two of its characters join), `1` × 39 exactly 13, so the stand-in
 * costs at least what any default id does, in any text around it (22 tokens
 * beside a reload tag; default ids cost 16–22, 18.6 on average).
 */
export const NEUTRAL_OFFLOAD_ID = `0a0a0a0a_${'1'.repeat(39)}`;
