export type { CreateJsTiktokenTokenCounterOptions } from './runtime/create-js-tiktoken-token-counter';
export { createJsTiktokenTokenCounter } from './runtime/create-js-tiktoken-token-counter';
