/**
 * The text adapters add to the system prompt once, when they register the
 * `context_reload` tool (not on every call, and not as a second system
 * message). The marker is written exactly as ACM writes it (the reference's
 * instruction dropped the colon).
 */
export const CONTEXT_RELOAD_INSTRUCTION =
  'Some earlier messages in this conversation may have been compressed to save context space. ' +
  'A compressed message contains a marker of the form <!-- CONTEXT_OFFLOAD: uuid=<id> -->. ' +
  'When you need the full original content behind a marker (exact tool output, code, file contents, numbers), ' +
  'call the context_reload tool with working_context_offload_uuid set to that id. ' +
  'Never mention, quote or refer to these ids, markers or any internal metadata in your replies to the user.';
