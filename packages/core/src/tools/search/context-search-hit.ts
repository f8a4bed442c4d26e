import type { Role } from '../../vocabulary/message/message';

/** One message found by `context_search`. */
export interface ContextSearchHit {
  readonly messageId: string;
  readonly role: Role;
  /** Position in the original history; `undefined` for a message only found in an offload entry. */
  readonly index: number | undefined;
  /** A short excerpt around the best-matching words. */
  readonly snippet: string;
  /** The offload entry holding the original, for `context_reload`; `undefined` when none does. */
  readonly offloadId: string | undefined;
  /** Whether the message is still in the working context unchanged. */
  readonly visible: boolean;
  readonly score: number;
}
