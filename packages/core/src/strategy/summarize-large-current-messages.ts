import { withAcmMarker } from '../message/acm-marker';
import type { Message, Part } from '../message/message';
import { getMessageText, stringifyToolOutput } from '../message/message-text';
import { resolvePrompt } from '../prompt/resolve-prompt';
import { extractIdentifierLedger } from '../summary/extract-identifier-ledger';
import type { PlannedEdit, Strategy, SummaryTask } from './compression-plan';
import { composeSummaryText } from './compose-summary-text';
import { getConsumedCurrentRoundRange } from './current-round-range';
import { isFrozen } from './strategy-guards';
import { isSyntheticMessage } from '../message/acm-marker';

/**
 * Summarizes large consumed messages of the current round (the reference's S5),
 * keeping tool structure and ids. Only under token pressure: message-count
 * pressure alone never touches the current round (PR #1514).
 *
 * Selection: messages after the current round's user message and before the
 * last assistant message (so consumed; the in-flight exchange is excluded too),
 * not system, not protected, not synthetic (ACM output or injected). Large means:
 * a tool-result part whose output has more than `largePayloadThreshold`
 * characters (each part judged alone), or, for other messages, text of more
 * than `largePayloadThreshold` characters. Tool-call inputs are never judged.
 *
 * One summary task per large piece: a tool message's large result part (sent as
 * the message with only that part), or a message's text (sent as the message
 * with only its text parts, no tool-call part). One edit per message: a fresh
 * id, the same role, name and metadata plus
 * `metadata.acm = { kind: 'current-round-summary', strategy, offloadId, ledger, replaces }`;
 * a large result part keeps `toolCallId`, `toolName` and `isError` and its
 * output becomes `composeSummaryText(...)`; large text becomes one text part at
 * the place of the first, tool-call and other parts kept. Ids: offload id, then
 * the message's id.
 */
export const summarizeLargeCurrentMessages: Strategy = (context) => {
  const { messages, config, generateId, pressure } = context;
  if (!pressure.tokens) return undefined;
  const { start, end } = getConsumedCurrentRoundRange(context);
  const instructions = resolvePrompt(
    'summarizeLargeCurrentMessages',
    config.customPrompt,
  );
  const threshold = config.largePayloadThreshold;
  const edits: PlannedEdit[] = [];
  const tasks: SummaryTask[] = [];

  for (let index = start; index < end; index++) {
    const message = messages[index]!;
    if (isFrozen(context, index) || isSyntheticMessage(message)) continue;
    const pieces: { key: string; partIndex: number; text: string }[] = [];
    if (message.role === 'tool') {
      message.content.forEach((part, partIndex) => {
        if (part.type !== 'tool-result') return;
        const text = stringifyToolOutput(part.output);
        if (text.length > threshold) {
          pieces.push({
            key: `summarizeLargeCurrentMessages:${index}:${partIndex}`,
            partIndex,
            text,
          });
          tasks.push({
            key: `summarizeLargeCurrentMessages:${index}:${partIndex}`,
            strategy: 'summarizeLargeCurrentMessages',
            messages: [{ ...message, content: [part] }],
            instructions,
          });
        }
      });
    } else {
      const text = getMessageText(message);
      if (text.length > threshold) {
        const key = `summarizeLargeCurrentMessages:${index}:text`;
        pieces.push({ key, partIndex: -1, text });
        tasks.push({
          key,
          strategy: 'summarizeLargeCurrentMessages',
          messages: [
            {
              ...message,
              content: message.content.filter((part) => part.type === 'text'),
            },
          ],
          instructions,
        });
      }
    }
    if (pieces.length === 0) continue;

    const offloadId = generateId();
    const replacementId = generateId();
    const ledgers = new Map(
      pieces.map((piece) => [piece.key, extractIdentifierLedger(piece.text)]),
    );
    const allText = pieces.map((piece) => piece.text).join('\n');
    const messageLedger = extractIdentifierLedger(allText);
    edits.push({
      range: { start: index, end: index + 1 },
      offloads: { [offloadId]: [message] },
      taskKeys: pieces.map((piece) => piece.key),
      build: (summaries): readonly Message[] => {
        const text = (key: string) =>
          composeSummaryText({
            summary: summaries[key] ?? '',
            ledger: ledgers.get(key)!,
            offloadId,
          });
        let content: Part[];
        if (message.role === 'tool') {
          content = message.content.map((part, partIndex): Part => {
            const piece = pieces.find(
              (candidate) => candidate.partIndex === partIndex,
            );
            return piece !== undefined && part.type === 'tool-result'
              ? { ...part, output: text(piece.key) }
              : part;
          });
        } else {
          content = replaceTextParts(message.content, text(pieces[0]!.key));
        }
        return [
          withAcmMarker(
            { ...message, id: replacementId, content },
            {
              kind: 'current-round-summary',
              strategy: 'summarizeLargeCurrentMessages',
              offloadId,
              ledger: messageLedger,
              replaces: [message.id],
            },
          ),
        ];
      },
    });
  }
  if (edits.length === 0) return undefined;
  return {
    strategy: 'summarizeLargeCurrentMessages',
    edits,
    tasks,
    skipped: [],
  };
};

/** `content` with its text parts replaced by one text part `text` at the place of the first. */
export function replaceTextParts(
  content: readonly Part[],
  text: string,
): Part[] {
  const replaced: Part[] = [];
  let placed = false;
  for (const part of content) {
    if (part.type !== 'text') replaced.push(part);
    else if (!placed) {
      replaced.push({ type: 'text', text });
      placed = true;
    }
  }
  return replaced;
}
