import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';

/**
 * How the transcripts name who wrote `message`: `speaker` is its role and its
 * name when it has one (`assistant planner`); `label` adds the kind of a
 * message ACM wrote (`assistant (rollup)`; injected messages count as content
 * and get none).
 */
export function getSpeakerLabels(message: Message): {
  speaker: string;
  label: string;
} {
  const kind = getAcmMarker(message)?.kind;
  const speaker =
    message.name !== undefined && message.name !== ''
      ? `${message.role} ${message.name}`
      : message.role;
  const label =
    kind !== undefined && kind !== 'injected'
      ? `${speaker} (${kind})`
      : speaker;
  return { speaker, label };
}
