export type { Clock, IdGenerator } from './clock';
