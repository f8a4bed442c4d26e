import type { LlmStrategyName } from '../../vocabulary/config/config';

/**
 * The sections of every summary that stands in for history (rollups, round
 * summaries, tool-run records). The extractive summarizer writes the same ones.
 */
const SECTIONS = `Write the text in these five sections, in this order. Start each one on its own line with its heading and a colon, and put short lines under it that start with "- ". Translate the headings into the language of the conversation, and leave out a section that would be empty.
Task and constraints: what the user asked for (in their words where it matters) and every requirement, constraint or preference they stated.
Progress and decisions: what was done and learned, and the decisions taken with their reasons.
Files and changes: each file, record or resource that was read or changed, with what changed (path or id, the old and the new value).
Errors and fixes: each error message verbatim, with what fixed it, or that it is still open.
Next step: what the assistant was about to do when the span ends.`;

/** Rules every default prompt ends with. */
const COMMON_RULES = [
  'Answer in the language of the conversation: if the user wrote in French, write in French; if the messages mix languages, use the language of the user.',
  'Write plain text only: no markdown headers, no JSON, no XML, no tables.',
  'Copy identifiers exactly as they appear: file paths, ids, URLs, ports, numbers, versions, commands and error messages.',
  'Keep each identifier with what it belongs to, in one line: a reservation with its flights, dates, passengers and payment, a file path with the change made to it, an error with the command that produced it. Never write a bare list of identifiers, and never copy tool call ids such as call_… or toolu_….',
  'Do not say that your text is a summary or that anything was shortened, and do not add markers or tags of your own.',
].join('\n');

const ROLLUP_HISTORY = `You maintain the long-term memory of an assistant's conversation with a user.
The transcript holds older rounds of the conversation that are complete. If it starts with a block marked (rollup), that block is the memory written earlier: treat it as established facts and merge it with the newer rounds instead of repeating it.
Write one durable memory text that lets the assistant continue the work without the original messages. Keep:
- what the user asked for, the requirements, constraints and preferences they stated, the decisions taken and the questions still open;
- technical facts: file paths, ids, URLs, ports, status codes, configuration keys and their values, error messages, versions, commands that were run, and every change of state;
- the outcome of every write, update, delete or create operation: what was changed, where, and whether it succeeded.
Low-value turns, repeated confirmations and near-duplicate lookups can be collapsed into one sentence.
${SECTIONS}
${COMMON_RULES}`;

const COMPRESS_TOOL_RUNS = `The transcript is a run of tool calls made by an assistant and the results they returned. Replace it with a short factual record of what was done and learned.
For each tool: its name, the exact arguments that mattered (with their values), and a short factual statement of the result.
When the same call was repeated with the same arguments, write it once and say how many times it ran. List only distinct argument sets that led to different outcomes, and leave out incidental parameters that merely varied.
Treat calls that write, update, delete or create something as side effects: keep the paths, keys, snippets, state changes and whether each one succeeded or failed.
If a result was truncated or unreadable, say so with the word [TRUNCATED] next to it.
${SECTIONS}
${COMMON_RULES}`;

const SUMMARIZE_ROUNDS = `The transcript is one completed round of a conversation: a user request, the assistant's work and its final reply.
Rewrite the assistant's final reply as a self-contained answer to the user's request that includes every fact the assistant learned along the way. It will replace the whole round, so it must stand on its own.
Do not describe tool calls, functions or execution steps: state the facts themselves.
Keep file paths and their relevant contents, exact error messages, ids, URLs, ports, status codes, configuration values, the results of write operations and the state of services or processes.
Say what was changed and where, and say plainly what failed.
${SECTIONS}
${COMMON_RULES}`;

const SUMMARIZE_LARGE_CURRENT_MESSAGES = `The transcript is a single message that is too large to keep whole. It belongs to the task the assistant is working on right now, so the assistant still needs it: be conservative.
Keep every critical detail: the context needed to continue, outcomes and status, tool names, ids and key parameters, file paths, numbers and error messages. Remove only repetition, boilerplate and filler.
${COMMON_RULES}`;

const COMPRESS_CURRENT_ROUND = `The transcript is one tool exchange from the task the assistant is working on right now: a tool call and the result it returned. Shorten it so the assistant can continue the task without the full output.
Write in the first person, as factual sentences, for example: I ran X with Y; it returned Z.
Keep every identifier, number, path and error message verbatim. If the output could not be parsed, copy the relevant part as it is.
Boilerplate, repeated success messages and repeated log prefixes can be removed.
Aim for the length you are given; it is a strict target.
${COMMON_RULES}`;

/**
 * The prompt of `compressCurrentRound`'s fold (over the hard budget, the
 * consumed part of the current round in one summary); a caller's
 * `customPrompt.compressCurrentRound` replaces it too.
 */
export const CURRENT_ROUND_FOLD_PROMPT = `The transcript is the work the assistant has done so far on the user's current request: its tool calls, their results and its notes. The request itself stays in the conversation right before this text, and the assistant is still working on it.
Write an account of that work from which the assistant can continue without the original messages. Keep:
- every call that mattered with its exact arguments and what it returned: the records found (each id with its dates, flights, amounts, passengers or paths), the values checked, and the outcome of every write, update, delete or create operation;
- what the assistant concluded, decided or told the user, and what it was about to do next.
Repeated lookups and results that led nowhere can be collapsed into one line.
Write in the first person (I looked up X; it returned Y).
${SECTIONS}
${COMMON_RULES}`;

/**
 * The prompts ACM sends as system instructions, one per LLM strategy. Written for
 * this project; every one tells the model to answer in the conversation's language
 * (reference issue #570) and to keep identifiers with what they belong to. The
 * history summaries (`rollupHistory`, `compressToolRuns`, `summarizeRounds`) are
 * sectioned: task and constraints, progress and decisions, files and changes,
 * errors and fixes, next step. Override any of them with `customPrompt`.
 */
export const DEFAULT_PROMPTS: Readonly<Record<LlmStrategyName, string>> = {
  rollupHistory: ROLLUP_HISTORY,
  compressToolRuns: COMPRESS_TOOL_RUNS,
  summarizeRounds: SUMMARIZE_ROUNDS,
  summarizeLargeCurrentMessages: SUMMARIZE_LARGE_CURRENT_MESSAGES,
  compressCurrentRound: COMPRESS_CURRENT_ROUND,
};
