import type { Message } from '../../vocabulary/message/message';
import { assertToolPairing } from './assert-tool-pairing';
import type { ToolPairingRepair } from './assert-tool-pairing';

/**
 * Repairs the tool pairing of an imported history, deterministically, so that
 * `addMessages` accepts it and no strategy can ever emit an orphan from it
 * (see docs/decisions/2026-11-25-tool-pairing-policy.md). Drops, never invents:
 *
 * - a tool result whose id no earlier call has (`orphan-tool-result`), a second
 *   result for a call (`duplicate-tool-result`) and a result outside the block
 *   of tool messages right after its call (`non-adjacent-tool-result`);
 * - tool results outside tool messages and other parts inside tool messages
 *   (`invalid-tool-message`);
 * - a repeated call id within one assistant message (`duplicate-tool-call-id`);
 * - calls that no result answers before the next assistant message
 *   (`missing-tool-result`; the calls of the last exchange stay: in flight).
 *
 * A message left without parts is dropped. Nothing else changes: the messages
 * that need no repair are the same objects.
 *
 * @returns the repaired messages (the input array itself when nothing was
 * wrong) and one entry per repair, by index of the input.
 *
 * @example
 * const { messages, repairs } = repairToolPairing(fromOpenAIMessages(imported));
 * await memory.addMessages(messages);
 */
export function repairToolPairing(messages: readonly Message[]): {
  messages: readonly Message[];
  repairs: readonly ToolPairingRepair[];
} {
  return assertToolPairing({ existing: [], messages, mode: 'drop' });
}
