export {
  REMOVE_ALL_MESSAGES,
  SHARED_SESSION_ID,
  autoContextMiddleware,
} from './auto-context-middleware';
export type { AutoContextMiddlewareOptions } from './auto-context-middleware';
