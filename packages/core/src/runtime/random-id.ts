import type { IdGenerator } from '../vocabulary/clock/clock';

/** 128 random bits from the platform CSPRNG, as 32 hex characters. Unguessable; used for offload ids. */
export const randomId: IdGenerator = () => {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
};
