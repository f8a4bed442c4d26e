import { withAcmMarker } from '../../vocabulary/message/acm-marker';
import type { AcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';

export interface CreateMarkedTextMessageOptions {
  /** Id of the new message. */
  readonly id: string;
  /** `assistant` for a summary, `user` for the message that opens a fold. */
  readonly role: 'user' | 'assistant';
  /**
   * The message's name (a summary keeps the name of what it replaces).
   * @default undefined (no name)
   */
  readonly name?: string;
  /** The text of its one text part. */
  readonly text: string;
  /** `metadata.acm` of the message. */
  readonly marker: AcmMarker;
}

/**
 * A message ACM writes: one text part, marked with `metadata.acm = marker`
 * (summaries and the user messages that open a rollup or a fold).
 */
export function createMarkedTextMessage({
  id,
  role,
  name,
  text,
  marker,
}: CreateMarkedTextMessageOptions): Message {
  return withAcmMarker(
    {
      id,
      role,
      ...(name === undefined ? {} : { name }),
      content: [{ type: 'text', text }],
    },
    marker,
  );
}
