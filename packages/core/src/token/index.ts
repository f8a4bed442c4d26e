export type { TokenCounter } from './token-counter';
