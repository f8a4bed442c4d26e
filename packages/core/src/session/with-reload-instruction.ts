import { CONTEXT_RELOAD_INSTRUCTION } from '../tools/reload/context-reload-instruction';

/**
 * The system prompt with `CONTEXT_RELOAD_INSTRUCTION` appended once (a stable
 * suffix, so provider prompt caches keep hitting); the prompt itself when it
 * already holds the instruction.
 */
export function withReloadInstruction(
  systemPrompt: string | undefined,
): string {
  const base = systemPrompt ?? '';
  if (base.includes(CONTEXT_RELOAD_INSTRUCTION)) return base;
  return base === ''
    ? CONTEXT_RELOAD_INSTRUCTION
    : `${base}\n\n${CONTEXT_RELOAD_INSTRUCTION}`;
}
