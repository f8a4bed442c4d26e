import type { IdGenerator } from '../../vocabulary/clock/clock';
import type { AutoContextConfig } from '../../vocabulary/config/config';
import { analyzeConversation } from '../../state/conversation/analyze-conversation';
import type { ConversationStructure } from '../../state/conversation/analyze-conversation';
import {
  getAcmMarker,
  isSyntheticMessage,
} from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { CONTEXT_RELOAD_TOOL_NAME } from '../../state/offload/context-reload-tool-name';
import type { TokenCounter } from '../../state/token/token-counter';
import type { CompressionPressure, StrategyContext } from './compression-plan';
import { FOLD_KINDS } from './flatten-folded-span';
import { countFoldStubTokens } from './fold-stub-tokens';
import { INTENT_BUDGET_SHARE, RELOAD_VISIBLE_TURNS } from './tuning';

export interface CreateStrategyContextOptions {
  /** The working messages the strategies plan for. */
  readonly messages: readonly Message[];
  /** The resolved configuration (tool policies are read from it). */
  readonly config: AutoContextConfig;
  /** Counts tokens for the token-based thresholds. */
  readonly counter: TokenCounter;
  /** Which limits the trigger check found reached. */
  readonly pressure: CompressionPressure;
  /** Ids for new messages and offload entries (the engine never picks a default). */
  readonly generateId: IdGenerator;
  /**
   * The rendered plan hint, when a plan is attached.
   * @default undefined
   */
  readonly planHint?: string;
  /**
   * The structure of `messages`, when the caller has it already.
   * @default analyzeConversation(messages)
   */
  readonly structure?: ConversationStructure;
  /**
   * The state's offload entries, for folds that flatten earlier summaries.
   * @default {} (no entries)
   */
  readonly offloads?: Readonly<Record<string, readonly Message[]>>;
  /**
   * Tokens the working messages may take for the prompt to fit `maxToken`.
   * @default config.maxToken
   */
  readonly messageBudget?: number;
  /**
   * Ids of messages protected besides what `structure` marks: the engine
   * passes the exchange that was in flight when the call started, so that it
   * stays protected in every pass of the call.
   */
  readonly protectedIds?: ReadonlySet<string>;
  /**
   * Write new working summaries from the originals behind earlier ones (see
   * `StrategyContext.resummarize`).
   * @default false
   */
  readonly resummarize?: boolean;
  /**
   * See `StrategyContext.readOriginalsUpTo`.
   * @default 0 (incremental summaries)
   */
  readonly readOriginalsUpTo?: number;
}

/**
 * Whether a message is pinned by its metadata: `metadata.pinned === true`, or
 * `metadata.acm.pinned === true` (both are accepted; the first is for callers,
 * the second for adapters that keep everything ACM-related under `acm`).
 */
export function isPinnedMessage(message: Message): boolean {
  const metadata = message.metadata;
  if (metadata === undefined) return false;
  if (metadata.pinned === true) return true;
  const acm = metadata.acm;
  return (
    acm !== null &&
    typeof acm === 'object' &&
    (acm as { pinned?: unknown }).pinned === true
  );
}

/**
 * Builds the view every strategy plans from. `isProtected(index)` is true for:
 * - the in-flight exchange (the latest unconsumed one), whole;
 * - pinned messages (see `isPinnedMessage`); a pinned message inside a tool
 *   exchange pins the whole exchange;
 * - exchanges calling a tool of `config.toolPolicies.pin`, whole;
 * - for tools of `config.toolPolicies.neverCompress`: the assistant message that
 *   calls them and the tool messages carrying their results;
 * - the user's intent: the task (`structure.taskIndex`, unless a working
 *   summary before it holds a real user message: the run's task was folded
 *   then, and the first user message left is not it) and the latest user
 *   request (`structure.latestRequestIndex`), each when it has at most
 *   `maxToken × INTENT_BUDGET_SHARE` tokens and fits, with the intent before
 *   it, beside system, pinned and in-flight messages **and two compact folds**
 *   (`countIntentFoldReserve`: the rest, folded at the least) within
 *   `maxToken`;
 * - `context_reload` exchanges the model called within the last
 *   `RELOAD_VISIBLE_TURNS` assistant messages, whole.
 * System messages are not marked here; strategies never touch them anyway.
 */
export function createStrategyContext({
  messages,
  config,
  counter,
  pressure,
  generateId,
  planHint,
  structure = analyzeConversation(messages),
  offloads = {},
  messageBudget = config.maxToken,
  protectedIds,
  resummarize,
  readOriginalsUpTo,
}: CreateStrategyContextOptions): StrategyContext {
  const protectedIndices = new Uint8Array(messages.length);
  const protect = (start: number, end: number) => {
    for (let index = start; index < end; index++) protectedIndices[index] = 1;
  };
  const neverCompress = new Set(config.toolPolicies.neverCompress);
  const pinnedTools = new Set(config.toolPolicies.pin);

  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (isPinnedMessage(message)) protect(index, index + 1);
    if (
      message.content.some(
        (part) =>
          (part.type === 'tool-call' || part.type === 'tool-result') &&
          neverCompress.has(part.toolName),
      )
    ) {
      protect(index, index + 1);
    }
  }
  for (const exchange of structure.exchanges) {
    let pinned = exchange.toolNames.some((name) => pinnedTools.has(name));
    for (
      let index = exchange.callIndex;
      !pinned && index < exchange.end;
      index++
    ) {
      pinned = isPinnedMessage(messages[index]!);
    }
    if (pinned) protect(exchange.callIndex, exchange.end);
  }
  // A call still waiting for its result stays in flight only while no assistant
  // message follows it, so what comes after it (a user turning in before the
  // result) stays too: a fold there would put an assistant message after it.
  const inFlight = structure.inFlight;
  if (inFlight !== undefined)
    protect(
      inFlight.callIndex,
      inFlight.pendingCallIds.length > 0 ? messages.length : inFlight.end,
    );
  if (protectedIds !== undefined && protectedIds.size > 0) {
    for (let index = 0; index < messages.length; index++) {
      if (protectedIds.has(messages[index]!.id)) protect(index, index + 1);
    }
  }

  // The intent stays verbatim when it is small and fits beside what is
  // protected anyway (system, pinned, in flight): the budget is a guarantee
  // (#11 item 5), so an intent that would push that set over `maxToken` may be
  // summarized (with its reload id) instead.
  let hardTokens = 0;
  for (let index = 0; index < messages.length; index++) {
    if (messages[index]!.role === 'system' || protectedIndices[index] === 1)
      hardTokens += counter.countMessage(messages[index]!);
  }
  // What is left must fit too, folded at the least, or the budget could not
  // hold with the intent kept: room for two compact folds (the history
  // before the intent and the exchanges after it) is kept free.
  const intentLimit = config.maxToken * INTENT_BUDGET_SHARE;
  let room = config.maxToken - hardTokens - countIntentFoldReserve(counter);
  const taskIndex = isTaskFolded(messages, structure.taskIndex, offloads)
    ? -1
    : structure.taskIndex;
  for (const index of [taskIndex, structure.latestRequestIndex]) {
    const message = messages[index];
    if (message === undefined || protectedIndices[index] === 1) continue;
    const tokens = counter.countMessage(message);
    if (tokens <= intentLimit && tokens <= room) {
      protect(index, index + 1);
      room -= tokens;
    }
  }

  let assistantTurns = 0;
  let exchangeCursor = structure.exchanges.length - 1;
  for (
    let index = messages.length - 1;
    index >= 0 && assistantTurns < RELOAD_VISIBLE_TURNS;
    index--
  ) {
    if (messages[index]!.role !== 'assistant') continue;
    while (
      exchangeCursor >= 0 &&
      structure.exchanges[exchangeCursor]!.callIndex > index
    )
      exchangeCursor--;
    const exchange = structure.exchanges[exchangeCursor];
    if (
      exchange?.callIndex === index &&
      exchange.toolNames.includes(CONTEXT_RELOAD_TOOL_NAME)
    )
      protect(exchange.callIndex, exchange.end);
    assistantTurns++;
  }

  return {
    messages,
    structure,
    config,
    counter,
    generateId,
    pressure,
    ...(planHint === undefined ? {} : { planHint }),
    isProtected: (index) => protectedIndices[index] === 1,
    lookupOffload: (offloadId) =>
      Object.hasOwn(offloads, offloadId) ? offloads[offloadId] : undefined,
    messageBudget,
    ...(resummarize === true ? { resummarize } : {}),
    ...(readOriginalsUpTo === undefined || readOriginalsUpTo <= 0
      ? {}
      : { readOriginalsUpTo }),
  };
}

/**
 * Tokens kept free beside the intent: two compact folds (`countFoldStubTokens`),
 * one opened by its user stub. What the rest of a conversation costs at the
 * least once the last resort has folded it around the task and the latest
 * request.
 */
export function countIntentFoldReserve(counter: TokenCounter): number {
  return (
    countFoldStubTokens(counter, true) + countFoldStubTokens(counter, false)
  );
}

/**
 * Whether the run's task is behind a working summary (a rollup or fold before
 * `taskIndex` whose offload entry holds a real user message): the first user
 * message left in the working messages is then a later one, not the task.
 */
function isTaskFolded(
  messages: readonly Message[],
  taskIndex: number,
  offloads: Readonly<Record<string, readonly Message[]>>,
): boolean {
  for (let index = 0; index < taskIndex; index++) {
    const marker = getAcmMarker(messages[index]!);
    if (
      marker?.offloadId === undefined ||
      !FOLD_KINDS.has(marker.kind) ||
      !Object.hasOwn(offloads, marker.offloadId)
    )
      continue;
    if (
      offloads[marker.offloadId]!.some(
        (message) => message.role === 'user' && !isSyntheticMessage(message),
      )
    )
      return true;
  }
  return false;
}
