/**
 * ACM against its peers on the same real conversations, in one run:
 * LangChain's summarizationMiddleware (its own beforeModel), its
 * contextEditingMiddleware with ClearToolUsesEdit (its own wrapModelCall), and
 * the AI SDK's pruneMessages (the cookbook's prepareStep trigger). Wherever an
 * LLM would be called, the same deterministic stand-in writes the text: core's
 * extractive summarizer. See bench/README.md for what is measured.
 *
 *   cd bench && npx tsx --conditions=@acm/source quality/compare.ts   # or: pnpm compare
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  AutoContextMemory,
  createApproximateTokenCounter,
  createExtractiveSummarizer,
  createTiktokenTokenCounter,
  stringifyToolOutput,
} from '@acm/core';
import { loadTiktokenEncoder } from '@acm/core/internal';
import type {
  AutoContextConfigInput,
  Message,
  Part,
  TokenCounter,
} from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import type { SharedConversation } from '@acm/core/testing';
import {
  collectSourceProbes,
  getVisibleText,
  isPromptPrefix,
  measureIdentifierRetention,
  percentile,
  simulate,
  splitIdentifierLists,
} from '@acm/cli';
import type { SimulationFigures } from '@acm/cli';
import { SimpleChatModel } from '@langchain/core/language_models/chat_models';
import {
  AIMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import type { BaseMessage } from '@langchain/core/messages';
import { pruneMessages } from 'ai';
import type { ModelMessage } from 'ai';
import {
  ClearToolUsesEdit,
  contextEditingMiddleware,
  summarizationMiddleware,
} from 'langchain';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { toLangChainToolCalls } from '../lib/to-lang-chain-tool-calls';
import { writeResult } from '../lib/write-result';

const extractive = createExtractiveSummarizer();

// ---------------------------------------------------------------------------
// The deterministic stand-in for every LLM call.

/** A LangChain chat model whose answer is core's extractive summary of its prompt. */
class ExtractiveChatModel extends SimpleChatModel {
  calls = 0;
  _llmType(): string {
    return 'acm-extractive-stand-in';
  }
  async _call(messages: BaseMessage[]): Promise<string> {
    this.calls += 1;
    const transcript = messages.map((message) => lcText(message)).join('\n');
    const { text } = await extractive({
      instructions: '',
      transcript,
      signal: new AbortController().signal,
    });
    return text;
  }
}

// ---------------------------------------------------------------------------
// Message conversions (outside every timed section).

function coreText(message: Message): string {
  return message.content
    .filter((part) => part.type === 'text')
    .map((part) => (part as { text: string }).text)
    .join('\n');
}

function lcText(message: BaseMessage): string {
  const content = message.content as unknown;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((block: unknown) =>
        typeof block === 'object' && block !== null && 'text' in block
          ? String(block.text)
          : '',
      )
      .join('\n');
  }
  return '';
}

function toLangChain(message: Message): BaseMessage {
  const text = coreText(message);
  switch (message.role) {
    case 'system':
      return new SystemMessage({ content: text, id: message.id });
    case 'user':
      return new HumanMessage({ content: text, id: message.id });
    case 'assistant':
      return new AIMessage({
        content: text,
        id: message.id,
        tool_calls: toLangChainToolCalls(message),
      });
    case 'tool': {
      const result = message.content.find(
        (part) => part.type === 'tool-result',
      );
      return new ToolMessage({
        content:
          result?.type === 'tool-result'
            ? stringifyToolOutput(result.output)
            : text,
        tool_call_id: result?.type === 'tool-result' ? result.toolCallId : '',
        name: result?.type === 'tool-result' ? result.toolName : undefined,
        id: message.id,
      });
    }
  }
}

const fromLangChainCache = new WeakMap<BaseMessage, Message>();
let syntheticId = 0;
function fromLangChain(message: BaseMessage): Message {
  const cached = fromLangChainCache.get(message);
  if (cached !== undefined) return cached;
  const id = message.id ?? `lc-${syntheticId++}`;
  const text = lcText(message);
  let converted: Message;
  if (ToolMessage.isInstance(message)) {
    converted = {
      id,
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: message.tool_call_id,
          toolName: message.name ?? '',
          output: text,
        },
      ],
    };
  } else if (AIMessage.isInstance(message)) {
    const parts: Part[] = text === '' ? [] : [{ type: 'text', text }];
    for (const call of message.tool_calls ?? []) {
      parts.push({
        type: 'tool-call',
        toolCallId: call.id ?? '',
        toolName: call.name,
        input: call.args,
      });
    }
    converted = { id, role: 'assistant', content: parts };
  } else {
    converted = {
      id,
      role: SystemMessage.isInstance(message) ? 'system' : 'user',
      content: [{ type: 'text', text }],
    };
  }
  fromLangChainCache.set(message, converted);
  return converted;
}

function toModelMessage(message: Message): ModelMessage {
  const text = coreText(message);
  switch (message.role) {
    case 'system':
      return { role: 'system', content: text };
    case 'user':
      return { role: 'user', content: [{ type: 'text', text }] };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(text === '' ? [] : [{ type: 'text' as const, text }]),
          ...message.content.flatMap((part) =>
            part.type === 'tool-call'
              ? [
                  {
                    type: 'tool-call' as const,
                    toolCallId: part.toolCallId,
                    toolName: part.toolName,
                    input: part.input,
                  },
                ]
              : [],
          ),
        ],
      };
    case 'tool':
      return {
        role: 'tool',
        content: message.content.flatMap((part) =>
          part.type === 'tool-result'
            ? [
                {
                  type: 'tool-result' as const,
                  toolCallId: part.toolCallId,
                  toolName: part.toolName,
                  output: {
                    type: 'text' as const,
                    value: stringifyToolOutput(part.output),
                  },
                },
              ]
            : [],
        ),
      };
  }
}

const fromModelCache = new WeakMap<object, Message>();
function fromModelMessage(message: ModelMessage): Message {
  const cached = fromModelCache.get(message);
  if (cached !== undefined) return cached;
  const id = `ai-${syntheticId++}`;
  let converted: Message;
  if (typeof message.content === 'string') {
    converted = {
      id,
      role: message.role,
      content: [{ type: 'text', text: message.content }],
    };
  } else {
    const parts: Part[] = [];
    for (const part of message.content) {
      if (part.type === 'text') parts.push({ type: 'text', text: part.text });
      else if (part.type === 'tool-call') {
        parts.push({
          type: 'tool-call',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.input,
        });
      } else if (part.type === 'tool-result') {
        const output = part.output as { type: string; value?: unknown };
        parts.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: output.value,
        });
      }
    }
    converted = { id, role: message.role, content: parts };
  }
  fromModelCache.set(message, converted);
  return converted;
}

// ---------------------------------------------------------------------------
// The approaches: each keeps its own state; `turn` gets the messages added
// since the previous turn and returns the prompt the model gets (converted
// to core messages after the timed part).

interface Session {
  /** Not timed: appends the new messages to the approach's state (converting them). */
  add(newMessages: readonly Message[]): Promise<void>;
  /** Timed: the approach's own per-turn work before a model call. Returns a function that gives the prompt. */
  step(): Promise<() => readonly Message[]>;
}

interface Approach {
  readonly name: string;
  readonly describe: string;
  create(): Session;
}

function acmApproach(
  config: AutoContextConfigInput,
  {
    name = 'acm',
    createCounter = () => createApproximateTokenCounter(),
  }: { name?: string; createCounter?: () => TokenCounter } = {},
): Approach {
  return {
    name,
    describe: `ACM addMessages + compressIfNeeded (${JSON.stringify(config)}), extractive summarizer, ${createCounter().name} counter`,
    create() {
      let sequence = 0;
      const memory = new AutoContextMemory({
        sessionId: 'compare',
        config,
        counter: createCounter(),
        clock: { now: () => 0 },
        generateId: () => `${sequence++}`,
      });
      return {
        add: (newMessages) => memory.addMessages(newMessages),
        async step() {
          await memory.compressIfNeeded();
          return () => memory.getMessages();
        },
      };
    },
  };
}

function summarizationApproach(triggerTokens: number): Approach {
  return {
    name: 'langchain-summarization',
    describe: `langchain summarizationMiddleware({ trigger: { tokens: ${triggerTokens} }, keep: { messages: 20 } }).beforeModel, state update applied`,
    create() {
      const model = new ExtractiveChatModel({});
      const middleware = summarizationMiddleware({
        model,
        trigger: { tokens: triggerTokens },
        keep: { messages: 20 },
      });
      const beforeModel = middleware.beforeModel as unknown as (
        state: { messages: BaseMessage[] },
        runtime: { context: Record<string, unknown> },
      ) => Promise<{ messages: BaseMessage[] } | undefined>;
      let state: BaseMessage[] = [];
      return {
        add(newMessages) {
          state.push(...newMessages.map(toLangChain));
          return Promise.resolve();
        },
        async step() {
          const update = await beforeModel(
            { messages: state },
            { context: {} },
          );
          // [RemoveMessage(REMOVE_ALL_MESSAGES), summary, ...preserved]
          if (update !== undefined) state = update.messages.slice(1);
          const prompt = state;
          return () => prompt.map(fromLangChain);
        },
      };
    },
  };
}

function contextEditingApproach(triggerTokens: number): Approach {
  return {
    name: 'langchain-clear-tool-uses',
    describe: `langchain contextEditingMiddleware({ edits: [new ClearToolUsesEdit({ trigger: { tokens: ${triggerTokens} }, keep: { messages: 3 } })] }).wrapModelCall (request only, recomputed every call)`,
    create() {
      const model = new ExtractiveChatModel({});
      const middleware = contextEditingMiddleware({
        edits: [
          new ClearToolUsesEdit({
            trigger: { tokens: triggerTokens },
            keep: { messages: 3 },
          }),
        ],
      });
      const wrapModelCall = middleware.wrapModelCall as unknown as (
        request: Record<string, unknown>,
        handler: (request: { messages: BaseMessage[] }) => Promise<AIMessage>,
      ) => Promise<AIMessage>;
      const state: BaseMessage[] = [];
      return {
        add(newMessages) {
          state.push(...newMessages.map(toLangChain));
          return Promise.resolve();
        },
        async step() {
          let prompt: BaseMessage[] = [];
          await wrapModelCall(
            {
              messages: [...state],
              model,
              tools: [],
              state: { messages: state },
              runtime: { context: {} },
            },
            (request) => {
              prompt = request.messages;
              return Promise.resolve(new AIMessage(''));
            },
          );
          return () => prompt.map(fromLangChain);
        },
      };
    },
  };
}

function pruneApproach(triggerTokens: number): Approach {
  return {
    name: 'ai-sdk-prune-messages',
    describe: `ai pruneMessages({ reasoning: 'before-last-message', toolCalls: 'before-last-20-messages' }) in prepareStep when JSON.stringify(messages).length / 4 > ${triggerTokens} (the cookbook's trigger; ai 7 carries the override forward)`,
    create() {
      let state: ModelMessage[] = [];
      return {
        add(newMessages) {
          state.push(...newMessages.map(toModelMessage));
          return Promise.resolve();
        },
        step() {
          if (JSON.stringify(state).length / 4 > triggerTokens) {
            state = pruneMessages({
              messages: state,
              reasoning: 'before-last-message',
              toolCalls: 'before-last-20-messages',
              emptyMessages: 'remove',
            });
          }
          const prompt = state;
          return Promise.resolve(() => prompt.map(fromModelMessage));
        },
      };
    },
  };
}

// ---------------------------------------------------------------------------
// One replay of one approach over one conversation.

interface ApproachTurn {
  readonly rawTokens: number;
  readonly managedTokens: number;
  readonly ms: number;
  readonly prefixReused: boolean | null;
  readonly identifiersEarlier: number;
  readonly identifiersRetained: number;
  readonly identifiersRetainedWithoutLists: number;
}

async function replay(
  approach: Approach,
  messages: readonly Message[],
): Promise<ApproachTurn[]> {
  const session = approach.create();
  const counter: TokenCounter = createApproximateTokenCounter();
  const turns: ApproachTurn[] = [];
  let pending: Message[] = [];
  const earlierProbes = new Set<string>();
  let systemText = '';
  // Texts of the original messages: a prompt message with another text was
  // written by the approach (stub, summary), and its identifier lists are
  // removed for the "without lists" figure, whoever wrote it.
  const originalTexts = new Set<string>();
  let previous: readonly Message[] | undefined;
  for (const [index, message] of messages.entries()) {
    if (message.role === 'assistant') {
      const started = performance.now();
      await session.add(pending);
      pending = [];
      const getPrompt = await session.step();
      const ms = performance.now() - started;
      const prompt = getPrompt();
      const texts = prompt.map(getVisibleText);
      const retention = measureIdentifierRetention({
        message,
        earlierProbes,
        alwaysVisibleText: systemText,
        managedText: texts.join('\n'),
        managedTextWithoutLists: texts
          .map((text) =>
            originalTexts.has(text) ? text : splitIdentifierLists(text).rest,
          )
          .join('\n'),
      });
      turns.push({
        rawTokens: counter.countMessages(messages.slice(0, index)),
        managedTokens: counter.countMessages(prompt),
        ms,
        prefixReused:
          previous === undefined ? null : isPromptPrefix(previous, prompt),
        identifiersEarlier: retention.earlier,
        identifiersRetained: retention.retained,
        identifiersRetainedWithoutLists: retention.retainedWithoutLists,
      });
      previous = prompt;
    }
    pending.push(message);
    originalTexts.add(getVisibleText(message));
    if (message.role === 'system') systemText += `${getVisibleText(message)}\n`;
    for (const probe of collectSourceProbes(message)) earlierProbes.add(probe);
  }
  return turns;
}

interface ApproachFigures {
  readonly approach: string;
  readonly describe: string;
  readonly turns: number;
  readonly cumulativeRawTokens: number;
  readonly cumulativeManagedTokens: number;
  readonly cumulativeSavings: number;
  readonly peakManagedTokens: number;
  readonly prefixReuse: number | null;
  readonly identifierRetention: number | null;
  readonly identifierRetentionWithoutLists: number | null;
  readonly turnMsMedian: number;
  readonly turnMsP95: number;
  readonly turnMsMean: number;
  /** Mean managed tokens by turn ordinal (the token curve, averaged over conversations). */
  readonly curve: readonly number[];
  readonly rawCurve: readonly number[];
}

function summarize(
  approach: Approach,
  perConversation: readonly ApproachTurn[][],
): ApproachFigures {
  const all = perConversation.flat();
  const sum = (pick: (turn: ApproachTurn) => number) =>
    all.reduce((total, turn) => total + pick(turn), 0);
  const compared = all.filter((turn) => turn.prefixReused !== null);
  const earlier = sum((turn) => turn.identifiersEarlier);
  const longest = Math.max(...perConversation.map((turns) => turns.length));
  const curve: number[] = [];
  const rawCurve: number[] = [];
  for (let ordinal = 0; ordinal < longest; ordinal++) {
    const atOrdinal = perConversation.flatMap((turns) => {
      const turn = turns[ordinal];
      return turn === undefined ? [] : [turn];
    });
    curve.push(
      Math.round(
        atOrdinal.reduce((total, turn) => total + turn.managedTokens, 0) /
          atOrdinal.length,
      ),
    );
    rawCurve.push(
      Math.round(
        atOrdinal.reduce((total, turn) => total + turn.rawTokens, 0) /
          atOrdinal.length,
      ),
    );
  }
  const ms = all.map((turn) => turn.ms);
  const cumulativeRawTokens = sum((turn) => turn.rawTokens);
  const cumulativeManagedTokens = sum((turn) => turn.managedTokens);
  return {
    approach: approach.name,
    describe: approach.describe,
    turns: all.length,
    cumulativeRawTokens,
    cumulativeManagedTokens,
    cumulativeSavings: 1 - cumulativeManagedTokens / cumulativeRawTokens,
    peakManagedTokens: Math.max(...all.map((turn) => turn.managedTokens)),
    prefixReuse:
      compared.length === 0
        ? null
        : compared.filter((turn) => turn.prefixReused).length / compared.length,
    identifierRetention:
      earlier === 0 ? null : sum((turn) => turn.identifiersRetained) / earlier,
    identifierRetentionWithoutLists:
      earlier === 0
        ? null
        : sum((turn) => turn.identifiersRetainedWithoutLists) / earlier,
    turnMsMedian: percentile(ms, 0.5),
    turnMsP95: percentile(ms, 0.95),
    turnMsMean: ms.reduce((total, value) => total + value, 0) / ms.length,
    curve,
    rawCurve,
  };
}

// ---------------------------------------------------------------------------
// Per-turn cost at 1,000 messages.

function buildLongConversation(
  conversations: readonly SharedConversation[],
  size: number,
): Message[] {
  const openai: unknown[] = [];
  let system = false;
  for (const conversation of conversations) {
    for (const message of conversation.messages) {
      const role = (message as { role: string }).role;
      if (role === 'system') {
        if (system) continue;
        system = true;
      }
      openai.push(message);
    }
    if (openai.length >= size) break;
  }
  return fromSharedMessages(openai, { generateId: (index) => `long-${index}` });
}

interface CostFigures {
  readonly approach: string;
  readonly medianMs: number;
  readonly p95Ms: number;
}

/**
 * Times one turn (appending one message through the approach's own add, then
 * its decision; both timed) 300 times over a 1,000-message history that
 * triggers nothing. ACM runs twice: with the approximate counter and with its
 * default, tiktoken o200k_base (encoder loaded before timing).
 */
async function measureDecisionCost(
  long: readonly Message[],
): Promise<CostFigures[]> {
  const history = long.slice(0, 1000);
  const appended = long.slice(1000, 1300);
  const huge = 100_000_000;
  const encoder = loadTiktokenEncoder('o200k_base');
  const approaches: Approach[] = [
    acmApproach({ maxToken: huge, msgThreshold: huge }),
    acmApproach(
      { maxToken: huge, msgThreshold: huge },
      {
        name: 'acm-tiktoken',
        createCounter: () =>
          createTiktokenTokenCounter({ loadEncoder: () => encoder }),
      },
    ),
    summarizationApproach(huge),
    contextEditingApproach(huge),
    pruneApproach(huge),
  ];
  const results: CostFigures[] = [];
  for (const approach of approaches) {
    const session = approach.create();
    await session.add(history);
    await session.step(); // warm caches
    const times: number[] = [];
    for (const message of appended) {
      const started = performance.now();
      await session.add([message]);
      await session.step();
      times.push(performance.now() - started);
    }
    results.push({
      approach: approach.name,
      medianMs: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
    });
  }
  return results;
}

/**
 * Times one turn that acts at 1,000 messages: a fresh session is loaded with
 * the history (not timed) under a trigger the history exceeds, then one step
 * is timed (ACM compresses, LangChain summarizes or clears, the AI SDK prunes).
 */
async function measureActingCost(
  long: readonly Message[],
): Promise<CostFigures[]> {
  const history = long.slice(0, 1000);
  const trigger = Math.floor(
    createApproximateTokenCounter().countMessages(history) / 4,
  );
  const approaches: Approach[] = [
    acmApproach({ maxToken: Math.ceil(trigger / 0.75), msgThreshold: 100_000 }),
    summarizationApproach(trigger),
    contextEditingApproach(trigger),
    pruneApproach(trigger),
  ];
  const results: CostFigures[] = [];
  for (const approach of approaches) {
    const times: number[] = [];
    for (let run = 0; run < 7; run++) {
      const session = approach.create();
      await session.add(history);
      const started = performance.now();
      await session.step();
      times.push(performance.now() - started);
    }
    results.push({
      approach: approach.name,
      medianMs: percentile(times, 0.5),
      p95Ms: percentile(times, 0.95),
    });
  }
  return results;
}

// ---------------------------------------------------------------------------

function toCore(conversation: SharedConversation): Message[] {
  return fromSharedMessages(conversation.messages);
}

async function findHalvingBudget(
  swe: readonly SharedConversation[],
): Promise<{ maxToken: number; figures: SimulationFigures }[]> {
  const inputs = swe.map((conversation) => ({
    id: conversation.id,
    messages: conversation.messages,
  }));
  const run = async (maxToken: number) =>
    (
      await simulate({
        conversations: inputs,
        config: { maxToken },
        createCounter: () => createApproximateTokenCounter(),
        checkContract: false,
        clock: { now: () => 0 },
      })
    ).aggregate;
  const tried: { maxToken: number; figures: SimulationFigures }[] = [];
  let low = 2_000;
  let high = 64_000;
  for (let step = 0; step < 7; step++) {
    const maxToken = Math.round((low + high) / 2 / 500) * 500;
    const figures = await run(maxToken);
    tried.push({ maxToken, figures });
    process.stderr.write(
      `  budget ${maxToken}: savings ${((figures.cumulativeSavings ?? 0) * 100).toFixed(1)} %, retention ${((figures.identifierRetention.share ?? 0) * 100).toFixed(1)} %, prefix reuse ${((figures.prefixReuse.share ?? 0) * 100).toFixed(1)} %\n`,
    );
    if ((figures.cumulativeSavings ?? 0) >= 0.5) low = maxToken;
    else high = maxToken;
    if (high - low <= 500) break;
  }
  return tried;
}

function percent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)} %`;
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const swe = loadSharedConversations({ dataset: 'swe' });
  const tau = loadSharedConversations({ dataset: 'tau' });

  process.stderr.write(
    `Searching the budget that halves cumulative input tokens on ${swe.length} SWE conversations…\n`,
  );
  const search = await findHalvingBudget(swe);
  const halving = search
    .filter((entry) => (entry.figures.cumulativeSavings ?? 0) >= 0.5)
    .sort((left, right) => right.maxToken - left.maxToken)[0];
  if (halving === undefined) throw new Error('no budget halves the tokens');
  const budget = halving.maxToken;
  // Other settings that also halve the tokens, trading trigger and low-water mark.
  const variants: {
    config: AutoContextConfigInput;
    figures: SimulationFigures;
  }[] = [];
  for (const config of [
    { maxToken: 12_000, tokenRatio: 0.9, targetRatio: 0.2 },
    { maxToken: 14_000, targetRatio: 0.15 },
  ] satisfies AutoContextConfigInput[]) {
    const figures = (
      await simulate({
        conversations: swe.map(({ id, messages }) => ({ id, messages })),
        config,
        createCounter: () => createApproximateTokenCounter(),
        checkContract: false,
        clock: { now: () => 0 },
      })
    ).aggregate;
    variants.push({ config, figures });
    process.stderr.write(
      `  ${JSON.stringify(config)}: savings ${percent(figures.cumulativeSavings)}, retention ${percent(figures.identifierRetention.share)}, prefix reuse ${percent(figures.prefixReuse.share)}\n`,
    );
  }
  const acmConfig: AutoContextConfigInput = { maxToken: budget };
  const trigger = Math.floor(budget * 0.75);

  // Full ACM figures at that budget (contract checked, reload exactness), both datasets.
  process.stderr.write(`ACM at maxToken ${budget} with every check…\n`);
  const acmSwe = await simulate({
    conversations: swe.map(({ id, messages }) => ({ id, messages })),
    config: acmConfig,
    createCounter: () => createApproximateTokenCounter(),
    clock: { now: () => 0 },
  });
  const acmTau = await simulate({
    conversations: tau.map(({ id, messages }) => ({ id, messages })),
    config: acmConfig,
    createCounter: () => createApproximateTokenCounter(),
    clock: { now: () => 0 },
  });

  const approaches = [
    acmApproach(acmConfig),
    summarizationApproach(trigger),
    contextEditingApproach(trigger),
    pruneApproach(trigger),
  ];
  const comparison: Record<string, ApproachFigures[]> = {};
  for (const [name, dataset] of [
    ['swe', swe],
    ['tau', tau],
  ] as const) {
    const conversations = dataset.map(toCore);
    comparison[name] = [];
    for (const approach of approaches) {
      process.stderr.write(`Replaying ${name} with ${approach.name}…\n`);
      const perConversation: ApproachTurn[][] = [];
      for (const messages of conversations) {
        perConversation.push(await replay(approach, messages));
      }
      comparison[name].push(summarize(approach, perConversation));
    }
  }

  process.stderr.write('Per-turn cost at 1,000 messages…\n');
  const long = buildLongConversation(swe, 1300);
  const decision = await measureDecisionCost(long);
  const acting = await measureActingCost(long);

  const acmDecision = decision.find((entry) => entry.approach === 'acm')!;
  const lcDecision = decision.find(
    (entry) => entry.approach === 'langchain-summarization',
  )!;
  const output = {
    machine: {
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      loadAverage1m: loadavg()[0],
    },
    budgetSearch: search.map(({ maxToken, figures }) => ({
      maxToken,
      cumulativeSavings: figures.cumulativeSavings,
      identifierRetention: figures.identifierRetention.share,
      prefixReuse: figures.prefixReuse.share,
    })),
    variants: variants.map(({ config, figures }) => ({
      config,
      cumulativeSavings: figures.cumulativeSavings,
      identifierRetention: figures.identifierRetention.share,
      prefixReuse: figures.prefixReuse.share,
      passes: figures.passes,
    })),
    halvingConfig: {
      ...acmConfig,
      counter: 'approximate',
      summarizer: 'extractive',
    },
    acm: { swe: acmSwe.aggregate, tau: acmTau.aggregate },
    comparison,
    perTurnCostAt1000Messages: {
      decision,
      acting,
      ratioDecisionLangChainSummarizationToAcm:
        lcDecision.medianMs / acmDecision.medianMs,
    },
    durationSeconds: (performance.now() - startedAt) / 1000,
  };
  writeResult('compare.json', output);

  const lines: string[] = [];
  lines.push(
    `Budget that halves cumulative input tokens on the SWE conversations: maxToken ${budget} (trigger ${trigger} tokens, approximate counter, extractive summarizer)`,
  );
  for (const [dataset, figures] of [
    ['SWE', acmSwe.aggregate],
    ['tau', acmTau.aggregate],
  ] as const) {
    lines.push(
      `ACM ${dataset}: savings ${percent(figures.cumulativeSavings)}, identifier retention ${percent(figures.identifierRetention.share)} (without identifier lists ${percent(figures.identifierRetentionWithoutLists.share)}), prefix reuse ${percent(figures.prefixReuse.share)}, reload exactness ${percent(figures.reloadExactness.share)} (${figures.reloadExactness.total} ids), within budget ${percent(figures.withinBudget.share)}, contract violations ${figures.contractViolations} (${figures.budgetViolations} unexcused over budget)`,
    );
  }
  for (const [dataset, rows] of Object.entries(comparison)) {
    lines.push(
      '',
      `${dataset}: approach | savings | peak | identifier retention | without lists | prefix reuse | per-turn ms median / p95 / mean`,
    );
    for (const row of rows) {
      lines.push(
        `  ${row.approach.padEnd(26)} ${percent(row.cumulativeSavings).padStart(8)} ${String(row.peakManagedTokens).padStart(8)} ${percent(row.identifierRetention).padStart(8)} ${percent(row.identifierRetentionWithoutLists).padStart(8)} ${percent(row.prefixReuse).padStart(8)}   ${row.turnMsMedian.toFixed(3)} / ${row.turnMsP95.toFixed(3)} / ${row.turnMsMean.toFixed(3)}`,
      );
    }
  }
  lines.push('', 'Per-turn cost at 1,000 messages (median / p95 ms):');
  for (const entry of decision) {
    lines.push(
      `  decide (nothing triggers) ${entry.approach.padEnd(26)} ${entry.medianMs.toFixed(4)} / ${entry.p95Ms.toFixed(4)}  (${(entry.medianMs / acmDecision.medianMs).toFixed(1)}× ACM)`,
    );
  }
  for (const entry of acting) {
    lines.push(
      `  act (crosses the trigger) ${entry.approach.padEnd(26)} ${entry.medianMs.toFixed(2)} / ${entry.p95Ms.toFixed(2)}`,
    );
  }
  lines.push(
    '',
    `LangChain summarization trigger path ÷ ACM, per turn at 1,000 messages: ${(lcDecision.medianMs / acmDecision.medianMs).toFixed(1)}×`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
