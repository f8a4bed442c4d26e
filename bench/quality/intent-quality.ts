/**
 * Does the managed prompt keep the user's intent, and does it keep a stable
 * prefix? Replays the shared SWE-bench and tau-bench conversations turn by
 * turn through the public `AutoContextMemory` API (default config except
 * `maxToken`, extractive summarizer, o200k counter), as an agent hook would:
 * before each assistant message the memory compresses if needed and the
 * prompt (working messages) is measured.
 *
 * Figures per dataset and budget:
 * - taskVisible: compressed turns (prompt ≠ raw history) where the first real
 *   user message is ≤ 25 % of the budget, share with its text verbatim in a
 *   prompt message;
 * - latestRequestVisible: same for the latest user request (the latest user
 *   message that opens a round: harness replies such as format errors do not);
 * - prefixReuseTurns: share of turns whose previous prompt is an unchanged
 *   prefix of this prompt (as `acm simulate` counts it);
 * - prefixReuseTokens: share of prompt tokens that are an unchanged prefix
 *   of the previous turn's prompt (what a provider cache can reuse);
 * - cumulativeSavings: 1 − Σ managed / Σ raw tokens;
 * - overBudget: turns whose prompt exceeds `maxToken`;
 * - deterministic (with --determinism): the same replay with a second id
 *   generator of a different length gives the same decisions (same prompt
 *   texts with ids masked).
 *
 *   cd bench && npx tsx --conditions=@acm/source quality/intent-quality.ts [--limit N] [--mode auto|compact|compress] [--determinism]
 */
import {
  AutoContextMemory,
  createTiktokenTokenCounter,
  stringifyToolOutput,
} from '@acm/core';
import { isUserTurn, opensRound } from '@acm/core/internal';
import type { CompressionMode, Message, TokenCounter } from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import type { SharedConversation } from '@acm/core/testing';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { writeResult } from '../lib/write-result';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
const limit =
  option('limit') === undefined ? undefined : Number(option('limit'));
const mode = option('mode') as CompressionMode | undefined;
const checkDeterminism = argv.includes('--determinism');
const only = option('only');
const allRuns: { dataset: 'swe' | 'tau'; maxToken: number }[] = [
  { dataset: 'swe', maxToken: 14000 },
  { dataset: 'swe', maxToken: 6000 },
  { dataset: 'tau', maxToken: 3000 },
  { dataset: 'tau', maxToken: 2000 },
];
const runs = allRuns.filter(
  (run) => only === undefined || `${run.dataset}${run.maxToken}` === only,
);

function visibleText(message: Message): string {
  return message.content
    .map((part) => {
      switch (part.type) {
        case 'text':
        case 'reasoning':
          return part.text;
        case 'tool-call':
          return `${part.toolName} ${typeof part.input === 'string' ? part.input : JSON.stringify(part.input)}`;
        case 'tool-result':
          return stringifyToolOutput(part.output);
        case 'file':
          return '';
      }
    })
    .join('\n');
}

function wire(message: Message): string {
  return JSON.stringify([message.role, message.name ?? null, message.content]);
}

interface Figures {
  conversations: number;
  turns: number;
  compressedTurns: number;
  taskEligible: number;
  taskVisible: number;
  taskMissingSamples: string[];
  requestEligible: number;
  requestVisible: number;
  comparisons: number;
  prefixReusedTurns: number;
  promptTokens: number;
  prefixTokens: number;
  rawTokens: number;
  managedTokens: number;
  overBudget: number;
  strategies: Record<string, number>;
  /** Turns whose previous prompt is not a prefix, by the strategies that ran on that turn. */
  prefixBreaks: Record<string, number>;
  passes: Record<string, number>;
  nondeterministic: number;
}

const masked = (text: string) => text.replace(/[0-9a-f]{8}_[0-9a-z]+/g, '#');

async function replay(
  conversation: SharedConversation,
  maxToken: number,
  counter: TokenCounter,
  figures: Figures,
  makeId: () => () => string,
): Promise<string[]> {
  const messages = fromSharedMessages(conversation.messages);
  const memory = new AutoContextMemory({
    sessionId: conversation.id,
    config: { maxToken, ...(mode === undefined ? {} : { mode }) },
    counter,
    generateId: makeId(),
    clock: { now: () => 0 },
  });
  let previous: readonly Message[] | undefined;
  let previousWire: string[] = [];
  let task: Message | undefined;
  let request: Message | undefined;
  const trace: string[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      const result = await memory.compressIfNeeded();
      for (const event of result.events) {
        if (event.type === 'compression')
          figures.strategies[event.strategy] =
            (figures.strategies[event.strategy] ?? 0) + 1;
      }
      const applied = result.passes
        .filter((pass) => pass.outcome === 'applied')
        .map((pass) => pass.strategy);
      for (const name of applied)
        figures.passes[name] = (figures.passes[name] ?? 0) + 1;
      const prompt = memory.getMessages();
      const raw = memory.getOriginalMessages();
      const promptTokens = counter.countMessages(prompt);
      const rawTokens = counter.countMessages(raw);
      figures.turns += 1;
      figures.promptTokens += promptTokens;
      figures.managedTokens += promptTokens;
      figures.rawTokens += rawTokens;
      if (promptTokens > maxToken) figures.overBudget += 1;
      const promptWire = prompt.map(wire);
      if (previous !== undefined) {
        figures.comparisons += 1;
        let same = 0;
        while (
          same < previousWire.length &&
          same < promptWire.length &&
          previousWire[same] === promptWire[same]
        )
          same++;
        if (same === previousWire.length) figures.prefixReusedTurns += 1;
        else {
          const cause = [...new Set(applied)].join('+') || 'none';
          figures.prefixBreaks[cause] = (figures.prefixBreaks[cause] ?? 0) + 1;
        }
        figures.prefixTokens += counter.countMessages(prompt.slice(0, same));
      }
      const compressed =
        prompt.length !== raw.length ||
        prompt.some((entry, index) => entry !== raw[index]);
      if (compressed) {
        figures.compressedTurns += 1;
        const texts = prompt.map(visibleText);
        const check = (
          target: Message | undefined,
          kind: 'task' | 'request',
        ) => {
          if (target === undefined) return;
          if (counter.countMessages([target]) > maxToken * 0.25) return;
          const text = visibleText(target);
          const seen = texts.some((candidate) => candidate.includes(text));
          if (kind === 'task') {
            figures.taskEligible += 1;
            if (seen) figures.taskVisible += 1;
            else if (figures.taskMissingSamples.length < 5)
              figures.taskMissingSamples.push(
                `${conversation.id} turn ${figures.turns}`,
              );
          } else {
            figures.requestEligible += 1;
            if (seen) figures.requestVisible += 1;
          }
        };
        check(task, 'task');
        check(request, 'request');
      }
      if (checkDeterminism)
        trace.push(prompt.map((entry) => masked(wire(entry))).join('\n'));
      previous = prompt;
      previousWire = promptWire;
    }
    await memory.addMessage(message);
    if (isUserTurn(message)) {
      const original = memory.getOriginalMessages();
      if (opensRound(original, original.length - 1)) {
        task ??= message;
        request = message;
      }
    }
  }
  figures.conversations += 1;
  return trace;
}

const share = (part: number, total: number) =>
  total === 0 ? null : Math.round((part / total) * 1000) / 10;

const results: Record<string, unknown> = {};
for (const { dataset, maxToken } of runs) {
  const conversations = loadSharedConversations({
    dataset,
    ...(limit === undefined ? {} : { limit }),
  });
  const counter = createTiktokenTokenCounter();
  const figures: Figures = {
    conversations: 0,
    turns: 0,
    compressedTurns: 0,
    taskEligible: 0,
    taskVisible: 0,
    taskMissingSamples: [],
    requestEligible: 0,
    requestVisible: 0,
    comparisons: 0,
    prefixReusedTurns: 0,
    promptTokens: 0,
    prefixTokens: 0,
    rawTokens: 0,
    managedTokens: 0,
    overBudget: 0,
    strategies: {},
    prefixBreaks: {},
    passes: {},
    nondeterministic: 0,
  };
  const started = Date.now();
  for (const conversation of conversations) {
    let sequence = 0;
    const first = await replay(conversation, maxToken, counter, figures, () => {
      sequence = 0;
      return () => (sequence++).toString(36).padStart(6, '0');
    });
    if (checkDeterminism) {
      const scratch = {
        ...figures,
        strategies: {},
        passes: {},
        prefixBreaks: {},
        taskMissingSamples: [],
      };
      let other = 0;
      const second = await replay(
        conversation,
        maxToken,
        counter,
        scratch,
        () => {
          other = 0;
          return () => `r${(other++ * 7919).toString(16)}x`.repeat(3);
        },
      );
      if (first.join('\n\n') !== second.join('\n\n'))
        figures.nondeterministic += 1;
    }
  }
  const summary = {
    dataset,
    maxToken,
    mode: mode ?? 'default',
    conversations: figures.conversations,
    turns: figures.turns,
    compressedTurns: figures.compressedTurns,
    taskVisible: share(figures.taskVisible, figures.taskEligible),
    taskEligibleTurns: figures.taskEligible,
    latestRequestVisible: share(
      figures.requestVisible,
      figures.requestEligible,
    ),
    prefixReuseTurns: share(figures.prefixReusedTurns, figures.comparisons),
    prefixReuseTokens: share(figures.prefixTokens, figures.promptTokens),
    cumulativeSavings: share(
      figures.rawTokens - figures.managedTokens,
      figures.rawTokens,
    ),
    overBudgetTurns: figures.overBudget,
    strategyEvents: figures.strategies,
    appliedPasses: figures.passes,
    prefixBreaks: figures.prefixBreaks,
    ...(checkDeterminism
      ? { nondeterministicConversations: figures.nondeterministic }
      : {}),
    taskMissingSamples: figures.taskMissingSamples,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  results[`${dataset}@${maxToken}`] = summary;
  console.log(JSON.stringify(summary));
}

const file = writeResult(
  `intent-quality${mode === undefined ? '' : `-${mode}`}${only === undefined ? '' : `-${only}`}.json`,
  results,
);
console.log(`wrote ${file}`);
