export type { CheckTriggerOptions, TriggerCheck } from './check-trigger';
export { checkTrigger } from './check-trigger';
