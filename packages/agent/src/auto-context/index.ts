export { CALIBRATION_METADATA_KEY, autoContextHook } from './auto-context-hook';
export type { AutoContextHookOptions } from './auto-context-hook';
