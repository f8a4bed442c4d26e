/**
 * The reload tool's name, as in the reference (`ContextOffloadTool`). Here,
 * with the offload ids, because strategies recognise reload exchanges by it;
 * the tool itself is in `tools/reload`.
 */
export const CONTEXT_RELOAD_TOOL_NAME = 'context_reload';
