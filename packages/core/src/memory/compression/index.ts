// The functional entry points of the engine, with the platform defaults
// (clock, ids, timer) that the pure engine never imports.
export type {
  CompressionDryRun,
  PlanCompressionOptions,
  PlannedPass,
} from './plan-compression';
export { planCompression } from './plan-compression';
export type {
  CompressionResult,
  RunCompressionOptions,
} from './run-compression';
export { runCompression } from './run-compression';
