export type { ContextState } from './context-state';
