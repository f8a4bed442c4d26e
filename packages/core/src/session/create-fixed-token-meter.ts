import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { isSameValue } from '../vocabulary/util/is-same-value';
import type { FixedContent } from './session-manager';

/** The fixed tokens (system prompt, tool schemas) of each memory's calls. */
export interface FixedTokenMeter {
  /**
   * Tokens of `fixed` by the memory's counter, kept for the memory: counted
   * again only when the system text or the tools differ from the last ones
   * measured (`isSameValue`; a list of tools changed in place is not noticed).
   */
  readonly measure: (memory: AutoContextMemory, fixed: FixedContent) => number;
  /** The tokens last measured for `memory`; `undefined` before any. */
  readonly lastMeasured: (memory: AutoContextMemory) => number | undefined;
}

/** Creates a {@link FixedTokenMeter}, holding one entry per memory while the memory lives. */
export function createFixedTokenMeter(): FixedTokenMeter {
  const measured = new WeakMap<
    AutoContextMemory,
    {
      system: string | undefined;
      tools: readonly unknown[];
      tokens: number;
    }
  >();
  return {
    measure: (memory, fixed) => {
      const system = fixed.system === '' ? undefined : fixed.system;
      const tools = fixed.tools ?? [];
      let known = measured.get(memory);
      // Compared, not serialized: the same list again costs nothing, an equal copy one walk.
      if (
        known === undefined ||
        known.system !== system ||
        !isSameValue(tools, known.tools)
      ) {
        known = {
          system,
          tools,
          tokens: memory.countFixedTokens({ system, tools }),
        };
        measured.set(memory, known);
      }
      return known.tokens;
    },
    lastMeasured: (memory) => measured.get(memory)?.tokens,
  };
}
