export type { TokenCounter } from './token-counter';
export type { CreateTokenCounterOptions } from './create-token-counter';
export { createTokenCounter } from './create-token-counter';
export type { CreateApproximateTokenCounterOptions } from './create-approximate-token-counter';
export { createApproximateTokenCounter } from './create-approximate-token-counter';
export { countApproximateTokens } from './count-approximate-tokens';
export type { CountFixedTokensOptions } from './count-fixed-tokens';
export { countFixedTokens } from './count-fixed-tokens';
export { NEUTRAL_OFFLOAD_ID } from './neutral-offload-id';
