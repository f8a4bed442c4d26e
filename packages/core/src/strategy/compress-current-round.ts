import { isSyntheticMessage, withAcmMarker } from '../message/acm-marker';
import type { Message, Part } from '../message/message';
import { getMessageText, stringifyToolOutput } from '../message/message-text';
import { filterPlanToolMessages } from '../plan/filter-plan-tool-messages';
import { PLAN_TOOL_NAMES } from '../plan/plan-tool-names';
import { resolvePrompt } from '../prompt/resolve-prompt';
import { extractIdentifierLedger } from '../summary/extract-identifier-ledger';
import type { PlannedEdit, Strategy, SummaryTask } from './compression-plan';
import { composeSummaryText } from './compose-summary-text';
import { getConsumedCurrentRoundRange } from './current-round-range';
import { isFrozen } from './strategy-guards';
import { replaceTextParts } from './summarize-large-current-messages';

/**
 * Compresses the consumed part of the current round to about
 * `currentRoundCompressionRatio` of its characters **keeping the call/result
 * structure and every id** (the reference's S6 flattened the round into one
 * assistant text, which made models call the tools again: #1026, #1482).
 * Only under token pressure.
 *
 * Selection: messages after the current round's user message and before the
 * last assistant message (consumed; never the in-flight exchange, never the
 * last message, so the conversation cannot end on a synthetic assistant
 * message), not system, not protected, not synthetic. In them:
 * - every tool-result part whose output is longer than `offloadSinglePreview`
 *   characters (a result no longer than an offload preview is already short and
 *   stays), except results of plan tools;
 * - the text of an assistant message when it is longer than
 *   `largePayloadThreshold` characters (tool-call parts are never changed).
 * One summary task per piece with `targetChars = round(chars × ratio)`.
 *
 * Output: one edit per message, same role, name, metadata and part order, a
 * fresh id, `metadata.acm = { kind: 'current-round-compression', strategy, offloadId, ledger, replaces }`;
 * compressed result parts keep `toolCallId`, `toolName`, `isError` and get
 * `composeSummaryText(...)` as output; compressed text becomes one text part.
 * Ids: offload id, then the message's id.
 */
export const compressCurrentRound: Strategy = (context) => {
  const { messages, config, generateId, pressure } = context;
  if (!pressure.tokens) return undefined;
  const { start, end } = getConsumedCurrentRoundRange(context);
  const instructions = resolvePrompt(
    'compressCurrentRound',
    config.customPrompt,
  );
  const ratio = config.currentRoundCompressionRatio;
  const planTools = new Set(PLAN_TOOL_NAMES);
  const edits: PlannedEdit[] = [];
  const tasks: SummaryTask[] = [];

  for (let index = start; index < end; index++) {
    const message = messages[index]!;
    if (isFrozen(context, index) || isSyntheticMessage(message)) continue;
    const pieces: { key: string; partIndex: number; text: string }[] = [];
    const addTask = (key: string, input: Message, text: string) => {
      tasks.push({
        key,
        strategy: 'compressCurrentRound',
        messages: filterPlanToolMessages([input]),
        instructions,
        targetChars: Math.round(text.length * ratio),
      });
    };
    if (message.role === 'tool') {
      message.content.forEach((part, partIndex) => {
        if (part.type !== 'tool-result' || planTools.has(part.toolName)) return;
        const text = stringifyToolOutput(part.output);
        if (text.length <= config.offloadSinglePreview) return;
        const key = `compressCurrentRound:${index}:${partIndex}`;
        pieces.push({ key, partIndex, text });
        addTask(key, { ...message, content: [part] }, text);
      });
    } else if (message.role === 'assistant') {
      const text = getMessageText(message);
      if (text.length > config.largePayloadThreshold) {
        const key = `compressCurrentRound:${index}:text`;
        pieces.push({ key, partIndex: -1, text });
        addTask(
          key,
          {
            ...message,
            content: message.content.filter((part) => part.type === 'text'),
          },
          text,
        );
      }
    }
    if (pieces.length === 0) continue;

    const offloadId = generateId();
    const replacementId = generateId();
    const ledgers = new Map(
      pieces.map((piece) => [piece.key, extractIdentifierLedger(piece.text)]),
    );
    const messageLedger = extractIdentifierLedger(
      pieces.map((piece) => piece.text).join('\n'),
    );
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
        const content: Part[] =
          message.role === 'tool'
            ? message.content.map((part, partIndex): Part => {
                const piece = pieces.find(
                  (candidate) => candidate.partIndex === partIndex,
                );
                return piece !== undefined && part.type === 'tool-result'
                  ? { ...part, output: text(piece.key) }
                  : part;
              })
            : replaceTextParts(message.content, text(pieces[0]!.key));
        return [
          withAcmMarker(
            { ...message, id: replacementId, content },
            {
              kind: 'current-round-compression',
              strategy: 'compressCurrentRound',
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
  return { strategy: 'compressCurrentRound', edits, tasks, skipped: [] };
};
