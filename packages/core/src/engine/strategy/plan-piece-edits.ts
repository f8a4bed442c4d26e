import {
  isSyntheticMessage,
  withAcmMarker,
} from '../../vocabulary/message/acm-marker';
import type { IdentifierLedger } from '../../vocabulary/message/acm-marker';
import type {
  Message,
  Part,
  ToolResultPart,
} from '../../vocabulary/message/message';
import {
  getMessageText,
  stringifyToolOutput,
} from '../../vocabulary/message/message-text';
import { extractIdentifierLedger } from '../../summary/text/extract-identifier-ledger';
import type {
  CompressionPlan,
  PlannedEdit,
  StrategyContext,
  SummaryTask,
} from './compression-plan';
import { getConsumedCurrentRoundRange } from './current-round-range';
import { isFrozen } from './strategy-guards';

export interface PlanPieceEditsOptions {
  /** The planning strategy: it names the plan, the tasks (and their keys) and the marker. */
  readonly strategy: 'compressCurrentRound' | 'summarizeLargeCurrentMessages';
  /** `metadata.acm.kind` of the rewritten messages. */
  readonly kind: 'current-round-compression' | 'current-round-summary';
  /** The strategy's resolved prompt, given to every task. */
  readonly instructions: string;
  /** Whether a tool-result part, whose output stringifies to `text`, is summarized. */
  readonly isResultPiece: (part: ToolResultPart, text: string) => boolean;
  /** Whether the text `text` of a message that is not a tool message is summarized. */
  readonly isTextPiece: (message: Message, text: string) => boolean;
  /**
   * The character target of the summary of a piece of `text` characters.
   * @default undefined (tasks carry no `targetChars`)
   */
  readonly targetChars?: (text: string) => number;
  /**
   * Also summarize the task and the latest user request when they are not
   * protected (larger than `maxToken × INTENT_BUDGET_SHARE`) and
   * `isTextPiece` picks their text; their summaries are marked
   * `request-summary` (still user turns).
   * @default false
   */
  readonly includeIntent?: boolean;
  /**
   * With `includeIntent`: only an intent message of more tokens than this is
   * summarized.
   * @default 0
   */
  readonly intentOverTokens?: number;
}

/** A piece of one message that gets its own summary task. */
interface Piece {
  readonly key: string;
  /** Index of the tool-result part, or -1 for the message's text. */
  readonly partIndex: number;
  readonly text: string;
  readonly ledger: IdentifierLedger;
  /** What the task summarizes: the message with only this piece. */
  readonly input: Message;
}

/**
 * The plan of the current-round strategies that rewrite messages piece by
 * piece, keeping their tool structure and ids.
 *
 * Looks at the consumed current round (`getConsumedCurrentRoundRange`),
 * skipping frozen and synthetic messages. The pieces of a tool message are its
 * tool-result parts that `isResultPiece` picks; the piece of another message
 * is its text when `isTextPiece` picks it. One task per piece, keyed
 * `<strategy>:<index>:<partIndex | 'text'>`, summarizing the message with only
 * that part (or only its text parts).
 *
 * One edit per message with pieces: a fresh id, the same role, name, metadata
 * and part order, `metadata.acm = { kind, strategy, offloadId, ledger, replaces }`;
 * a summarized result part keeps `toolCallId`, `toolName` and `isError` and its
 * output becomes `composeSummaryText(...)`; summarized text becomes one text
 * part at the place of the first. Ids: offload id, then the message's id.
 * `undefined` when no message has a piece.
 */
export function planPieceEdits(
  context: StrategyContext,
  options: PlanPieceEditsOptions,
): CompressionPlan | undefined {
  const { messages, generateId } = context;
  const { strategy, instructions, targetChars } = options;
  const { start, end } = getConsumedCurrentRoundRange(context);
  const edits: PlannedEdit[] = [];
  const tasks: SummaryTask[] = [];
  const { taskIndex, latestRequestIndex } = context.structure;
  const intentOverTokens = options.intentOverTokens ?? 0;
  const intent = new Set(
    options.includeIntent === true
      ? [taskIndex, latestRequestIndex].filter(
          (index) =>
            index >= 0 &&
            (index < start || index >= end) &&
            (intentOverTokens === 0 ||
              context.counter.countMessage(messages[index]!) >
                intentOverTokens),
        )
      : [],
  );
  const indices = [...intent].filter((index) => index < start);
  for (let index = start; index < end; index++) indices.push(index);

  for (const index of indices) {
    const message = messages[index]!;
    if (isFrozen(context, index) || isSyntheticMessage(message)) continue;
    const kind = intent.has(index) ? 'request-summary' : options.kind;
    const pieces = findPieces(message, `${strategy}:${index}`, options);
    if (pieces.length === 0) continue;
    for (const { key, text, input } of pieces) {
      tasks.push({
        key,
        strategy,
        messages: [input],
        instructions,
        ...(targetChars === undefined
          ? {}
          : { targetChars: targetChars(text) }),
      });
    }

    const offloadId = generateId();
    const replacementId = generateId();
    const template = placeholderContent(message, pieces);
    const messageLedger = extractIdentifierLedger(
      pieces.map((piece) => piece.text).join('\n'),
    );
    edits.push({
      range: { start: index, end: index + 1 },
      offloads: { [offloadId]: [message] },
      taskKeys: pieces.map((piece) => piece.key),
      // Each piece's part holds an empty placeholder; its summary is placed there.
      replacement: [
        withAcmMarker(
          { ...message, id: replacementId, content: template.content },
          {
            kind,
            strategy,
            offloadId,
            ledger: messageLedger,
            replaces: [message.id],
          },
        ),
      ],
      placements: template.placements.map(({ part, piece }) => ({
        message: 0,
        part,
        taskKey: piece.key,
        ledger: piece.ledger,
        offloadId,
      })),
    });
  }
  if (edits.length === 0) return undefined;
  return { strategy, edits, tasks, skipped: [] };
}

/** The pieces of `message` the options pick, keyed `<keyPrefix>:<partIndex | 'text'>`. */
function findPieces(
  message: Message,
  keyPrefix: string,
  { isResultPiece, isTextPiece }: PlanPieceEditsOptions,
): Piece[] {
  const piece = (partIndex: number, text: string, content: Part[]): Piece => ({
    key: `${keyPrefix}:${partIndex < 0 ? 'text' : partIndex}`,
    partIndex,
    text,
    ledger: extractIdentifierLedger(text),
    input: { ...message, content },
  });
  if (message.role === 'tool') {
    const pieces: Piece[] = [];
    message.content.forEach((part, partIndex) => {
      if (part.type !== 'tool-result') return;
      const text = stringifyToolOutput(part.output);
      if (isResultPiece(part, text))
        pieces.push(piece(partIndex, text, [part]));
    });
    return pieces;
  }
  const text = getMessageText(message);
  if (!isTextPiece(message, text)) return [];
  return [
    piece(
      -1,
      text,
      message.content.filter((part) => part.type === 'text'),
    ),
  ];
}

/** `content` with its text parts replaced by one text part `text` at the place of the first. */
/**
 * The content of a rewritten message with an empty placeholder where each
 * piece's summary goes: a tool message's picked tool-result parts get an empty
 * output; another message's text parts become one empty text part (the
 * first), its other parts kept.
 */
function placeholderContent(
  message: Message,
  pieces: readonly Piece[],
): {
  content: Part[];
  placements: { part: number; piece: Piece }[];
} {
  if (message.role !== 'tool') {
    const content = replaceTextParts(message.content, '');
    const part = content.findIndex((candidate) => candidate.type === 'text');
    return { content, placements: [{ part, piece: pieces[0]! }] };
  }
  const placements: { part: number; piece: Piece }[] = [];
  const content = message.content.map((part, partIndex): Part => {
    const piece = pieces.find((candidate) => candidate.partIndex === partIndex);
    if (piece === undefined || part.type !== 'tool-result') return part;
    placements.push({ part: partIndex, piece });
    return { ...part, output: '' };
  });
  return { content, placements };
}

function replaceTextParts(content: readonly Part[], text: string): Part[] {
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
