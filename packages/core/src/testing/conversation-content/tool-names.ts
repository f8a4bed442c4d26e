import { NORMAL_TOOL_NAMES } from './normal-tool-calls';
import { PLAN_TOOL_NAMES } from './plan-tool-calls';

/** Every tool name a generated conversation may use. */
export const TOOL_NAMES: readonly string[] = [
  ...NORMAL_TOOL_NAMES,
  ...PLAN_TOOL_NAMES,
];
