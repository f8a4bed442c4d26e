/**
 * The priorities of a sectioned summary's items: higher is kept first when
 * the budget is short (items are then printed in transcript order). Base
 * priorities first, highest first; then the bonuses some items add to theirs.
 */
export const ITEM_PRIORITY = {
  /** The first user request: the task itself, kept before anything else. */
  firstRequest: 100,
  /** The assistant's last stated intent, as the next step. */
  nextIntent: 92,
  /** A task line of an earlier summary. */
  summaryTask: 90,
  /** A later user request (plus recency). */
  laterRequest: 80,
  /** A file a call edited. */
  editedFile: 75,
  /** A sentence stating a constraint in what a long user request's cut left out. */
  constraint: 70,
  /** A distinct error line, with the call that produced it (plus recency). */
  error: 62,
  /** Any other line of an earlier summary (plus recency and reuse). */
  summaryLine: 55,
  /** A call with the first record of its outcome (plus action, recency, reuse, ids, supersession). */
  callOutcome: 50,
  /** A further record of a call's outcome (plus recency, reuse, ids, supersession). */
  outcomeRecord: 48,
  /** A call whose result says nothing (plus action and recency). */
  callWithoutOutcome: 45,
  /** The last call as the next step: below the records of what was found (its result is usually among them). */
  lastCall: 44,
  /** The opening and naming sentences of an assistant text (plus recency). */
  assistantText: 40,
  /** A file a call only viewed or ran. */
  viewedFile: 35,

  /** Added by the latest block: recency grows from 0 at the first block to this at the end. */
  recency: 10,
  /** Added to a call's items when its tool changes something (`actionVerbPattern`): they outrank lookups. */
  action: 20,
  /** Added to a record whose id the conversation uses again later; taken from one a later record supersedes. */
  salient: 20,
  /** Added to a record per distinct id or date it holds (what later calls reuse is ids and dates)… */
  perId: 5,
  /** …for at most this many of them. */
  maxIds: 8,
} as const;
