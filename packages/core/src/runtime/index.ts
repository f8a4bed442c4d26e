export type { CreateTiktokenTokenCounterOptions } from './create-tiktoken-token-counter';
export { createTiktokenTokenCounter } from './create-tiktoken-token-counter';
export type {
  TiktokenEncoder,
  TiktokenEncodingName,
} from './load-tiktoken-encoder';
export {
  importTiktokenEncoder,
  isTiktokenEncoderLoaded,
  loadTiktokenEncoder,
} from './load-tiktoken-encoder';
export type { WarmUpOptions } from './warm-up';
export { warmUp } from './warm-up';
export { randomId } from './random-id';
export { systemClock } from './system-clock';
export { timeoutSignal } from './timeout-signal';
