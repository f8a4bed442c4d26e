import type { StrategyName } from '../../vocabulary/message/acm-marker';
import { withAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message, Part } from '../../vocabulary/message/message';
import {
  getMessageText,
  stringifyToolOutput,
} from '../../vocabulary/message/message-text';
import { createPreview } from '../../summary/text/create-preview';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import type {
  CompressionPlan,
  PlannedEdit,
  Strategy,
  StrategyContext,
} from './compression-plan';
import { isAcmArtifact, isFrozen } from './strategy-guards';

/**
 * Offloads large messages before the latest final answer, without `lastKeep`
 * (the reference's `len < lastKeep` gate that also blocked this strategy is
 * reference issue #1260 and is not copied). No LLM. See
 * `planLargeMessageOffloads` for what is judged large and what a stub looks like.
 */
export const offloadLargeMessages: Strategy = (context) =>
  planLargeMessageOffloads(context, {
    strategy: 'offloadLargeMessages',
    keepRecent: 0,
  });

export interface PlanLargeMessageOffloadsOptions {
  readonly strategy: Extract<
    StrategyName,
    'offloadLargeMessages' | 'offloadLargeMessagesProtected'
  >;
  /** Most recent messages left alone (`lastKeep` for the protected variant, 0 otherwise). */
  readonly keepRecent: number;
}

/**
 * Plans one edit per large message in `[0, min(latestFinalAnswer, length - keepRecent))`:
 * - tool messages are judged per tool-result part: every part whose output has
 *   more than `largePayloadThreshold` characters keeps its `toolCallId`,
 *   `toolName` and `isError`, and its output becomes
 *   `createPreview(output, offloadSinglePreview) + "\n" + tag`; the other parts stay;
 * - other messages (user, assistant, assistant with tool calls) are judged by
 *   their text: when it has more than `largePayloadThreshold` characters, the
 *   text parts become one text part `preview + "\n" + tag` at the place of the
 *   first; tool-call, reasoning and file parts stay as they are;
 * - system messages, protected messages, the in-flight exchange, messages
 *   ACM wrote (no offload of an offload stub), the task and the latest user
 *   request (kept, or summarized when larger than their share of the budget)
 *   are skipped.
 * A stub has a fresh id, the original's role, name and metadata, plus
 * `metadata.acm = { kind: 'offload-stub', strategy, offloadId, replaces: [original id] }`;
 * the original is the offload entry. Ids: offload id first, then the stub's id.
 */
export function planLargeMessageOffloads(
  context: StrategyContext,
  { strategy, keepRecent }: PlanLargeMessageOffloadsOptions,
): CompressionPlan | undefined {
  const { messages, structure, config, generateId } = context;
  const latestFinal = structure.latestFinalAnswerIndex;
  if (latestFinal < 0) return undefined;
  const searchEnd = Math.min(latestFinal, messages.length - keepRecent);
  const edits: PlannedEdit[] = [];
  for (let index = 0; index < searchEnd; index++) {
    const message = messages[index]!;
    if (isFrozen(context, index) || isAcmArtifact(message)) continue;
    // The user's intent is summarized (summarizeLargeCurrentMessages), never cut to a preview.
    if (index === structure.taskIndex || index === structure.latestRequestIndex)
      continue;
    if (!hasLargeContent(message, config.largePayloadThreshold)) continue;
    const offloadId = generateId();
    const content = shortenLargeParts(message, {
      threshold: config.largePayloadThreshold,
      previewChars: config.offloadSinglePreview,
      tag: formatOffloadTag(offloadId),
    });
    if (content === undefined) continue;
    const stub = withAcmMarker(
      { ...message, id: generateId(), content },
      { kind: 'offload-stub', strategy, offloadId, replaces: [message.id] },
    );
    edits.push({
      range: { start: index, end: index + 1 },
      offloads: { [offloadId]: [message] },
      taskKeys: [],
      replacement: [stub],
    });
  }
  if (edits.length === 0) return undefined;
  return { strategy, edits, tasks: [], skipped: [] };
}

/** Whether a tool message has a result part, or another message has text, over `threshold` characters. */
export function hasLargeContent(message: Message, threshold: number): boolean {
  if (message.role === 'tool') {
    return message.content.some(
      (part) =>
        part.type === 'tool-result' &&
        stringifyToolOutput(part.output).length > threshold,
    );
  }
  return getMessageText(message).length > threshold;
}

interface ShortenOptions {
  readonly threshold: number;
  readonly previewChars: number;
  readonly tag: string;
}

/** The message's content with its large pieces shortened to preview + tag, or `undefined` when nothing is large. */
function shortenLargeParts(
  message: Message,
  { threshold, previewChars, tag }: ShortenOptions,
): readonly Part[] | undefined {
  if (message.role === 'tool') {
    let changed = false;
    const content = message.content.map((part): Part => {
      if (part.type !== 'tool-result') return part;
      const text = stringifyToolOutput(part.output);
      if (text.length <= threshold) return part;
      changed = true;
      return {
        ...part,
        output: `${createPreview(text, previewChars)}\n${tag}`,
      };
    });
    return changed ? content : undefined;
  }
  const text = getMessageText(message);
  if (text.length <= threshold) return undefined;
  const content: Part[] = [];
  let placed = false;
  for (const part of message.content) {
    if (part.type !== 'text') {
      content.push(part);
    } else if (!placed) {
      content.push({
        type: 'text',
        text: `${createPreview(text, previewChars)}\n${tag}`,
      });
      placed = true;
    }
  }
  return content;
}
