import type { MemoryCore } from './create-memory-core';

/**
 * Tokens of the working messages (uncalibrated), in O(messages appended
 * since the last count): the earlier total is carried forward while the
 * memory knows it only appended. Remembers the new count in `core.counted`.
 */
export function countWorkingTokens(core: MemoryCore): number {
  const list = core.log.workingList;
  const length = list.length;
  const counted = core.counted;
  let tokens: number;
  if (counted === undefined || counted.length > length) {
    tokens = core.counter.countMessages(list);
  } else {
    tokens = counted.tokens;
    for (let index = counted.length; index < length; index += 1) {
      tokens += core.counter.countMessage(list[index]!);
    }
  }
  core.counted = { tokens, length };
  return tokens;
}
