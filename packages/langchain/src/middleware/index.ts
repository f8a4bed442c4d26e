export {
  REMOVE_ALL_MESSAGES,
  SHARED_SESSION_ID,
  autoContextMiddleware,
} from './auto-context-middleware';
export type { AutoContextMiddlewareOptions } from './auto-context-middleware';
export { longTermMemoryMiddleware } from '../long-term/long-term-memory-middleware';
export type { LongTermMemoryMiddlewareOptions } from '../long-term/long-term-memory-middleware';
