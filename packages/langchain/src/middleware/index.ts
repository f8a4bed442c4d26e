export {
  REMOVE_ALL_MESSAGES,
  autoContextMiddleware,
} from './auto-context-middleware';
export type { AutoContextMiddlewareOptions } from './auto-context-middleware';
