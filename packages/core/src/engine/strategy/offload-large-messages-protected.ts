import type { Strategy } from './compression-plan';
import { planLargeMessageOffloads } from './offload-large-messages';

/**
 * Offloads large messages before the latest final answer and outside the last
 * `lastKeep` messages (the reference's S2). No LLM. Same selection and stubs as
 * `offloadLargeMessages`, plus the `lastKeep` protection.
 */
export const offloadLargeMessagesProtected: Strategy = (context) =>
  planLargeMessageOffloads(context, {
    strategy: 'offloadLargeMessagesProtected',
    keepRecent: context.config.lastKeep,
  });
