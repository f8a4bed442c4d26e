import type { PassReport } from '@acm/core';
import {
  AutoContextMemory,
  getAcmMarker,
  createExtractiveSummarizer,
  createTiktokenTokenCounter,
  InvalidMessageError,
  resolveConfig,
  systemClock,
} from '@acm/core';
import { fromConversationMessages } from '@acm/core/formats';
import { checkStateContract } from '@acm/core/adapter';
import type {
  AutoContextConfigInput,
  Clock,
  Message,
  SessionStore,
  StrategyName,
  Summarizer,
  TokenCounter,
} from '@acm/core';
import { CliError } from './cli-error';
import { getVisibleText } from './get-visible-text';
import { isPromptPrefix } from './is-prompt-prefix';
import { collectSourceProbes } from './extract-probes';
import { findProtectedMessages } from './find-protected-messages';
import { splitIdentifierLists } from './identifier-list-lines';
import {
  collectGroundTruthArguments,
  measureGroundTruthVisibility,
} from './measure-ground-truth';
import { measureIdentifierRetention } from './measure-identifier-retention';
import { measureReloadDepth } from './measure-reload-depth';
import { measureReloadExactness } from './measure-reload-exactness';
import { ACCEPTED_FORMATS } from './read-conversations';
import type { InputConversation } from './read-conversations';
import { aggregateFigures, computeFigures } from './compute-figures';
import type {
  ConversationResult,
  EventRecord,
  SimulationResult,
  TurnRecord,
} from './simulation-result';

/** Where a replay stands, for a progress bar. */
export interface SimulationProgress {
  /** 0-based index of the conversation being replayed. */
  readonly conversationIndex: number;
  readonly conversationCount: number;
  readonly conversationId: string;
  /** Messages replayed so far in this conversation, and in all. */
  readonly message: number;
  readonly messageCount: number;
}

export interface SimulateOptions {
  /** The conversations to replay (OpenAI chat-completions messages). */
  readonly conversations: readonly InputConversation[];
  /**
   * Compression options (validated once, before any replay).
   * @default {} (every option at its default)
   */
  readonly config?: AutoContextConfigInput;
  /**
   * Writes the summaries of the LLM strategies.
   * @default createExtractiveSummarizer() (offline, deterministic)
   */
  readonly summarizer?: Summarizer;
  /**
   * Name of the summarizer in the result.
   * @default 'extractive'
   */
  readonly summarizerName?: string;
  /**
   * Makes the token counter of each conversation.
   * @default () => createTiktokenTokenCounter() (o200k_base)
   */
  readonly createCounter?: () => TokenCounter;
  /**
   * Where each conversation's final state is saved (under its id; an
   * earlier state of that id is replaced).
   * @default undefined (nothing saved)
   */
  readonly store?: SessionStore;
  /**
   * Run `checkStateContract` after every compression.
   * @default true
   */
  readonly checkContract?: boolean;
  /**
   * Stamps events and measures summarizer durations.
   * @default systemClock
   */
  readonly clock?: Clock;
  /**
   * Measures the per-turn `compressIfNeeded` time, in milliseconds.
   * @default performance.now
   */
  readonly now?: () => number;
  /**
   * The input's name, recorded in the result.
   * @default null
   */
  readonly input?: string | null;
  /**
   * Called after every replayed message.
   * @default undefined
   */
  readonly onProgress?: (progress: SimulationProgress) => void;
  /**
   * Aborts the replay (rejects with the signal's reason).
   * @default undefined
   */
  readonly signal?: AbortSignal;
}

/**
 * Replays conversations turn by turn through an `AutoContextMemory`, as an
 * agent hook would: every message is added in order, and before each
 * assistant message the memory compresses if needed and the managed prompt
 * (its working messages) is measured against the raw history. Returns the
 * figures per turn, per conversation and in aggregate.
 * @throws InvalidConfigError for an invalid `config`; CliError (`input`) for a
 * conversation core cannot read.
 */
export async function simulate({
  conversations,
  config = {},
  summarizer = createExtractiveSummarizer(),
  summarizerName = 'extractive',
  createCounter = () => createTiktokenTokenCounter(),
  store,
  checkContract = true,
  clock = systemClock,
  now = () => performance.now(),
  input = null,
  onProgress,
  signal,
}: SimulateOptions): Promise<SimulationResult> {
  const resolved = resolveConfig(config);
  const messageCount = conversations.reduce(
    (sum, conversation) => sum + conversation.messages.length,
    0,
  );
  let replayed = 0;
  const results: ConversationResult[] = [];
  let counterName = '';
  for (const [conversationIndex, conversation] of conversations.entries()) {
    signal?.throwIfAborted();
    const counter = createCounter();
    counterName = counter.name;
    const result = await replayConversation({
      conversation,
      config,
      maxToken: resolved.maxToken,
      pinnedTools: resolved.toolPolicies.pin,
      summarizer,
      counter,
      store,
      checkContract,
      clock,
      now,
      signal,
      onMessage: () => {
        replayed += 1;
        onProgress?.({
          conversationIndex,
          conversationCount: conversations.length,
          conversationId: conversation.id,
          message: replayed,
          messageCount,
        });
      },
    });
    results.push(result);
  }
  return {
    format: 'acm-simulation@1',
    input,
    counter: counterName === '' ? createCounter().name : counterName,
    summarizer: summarizerName,
    config: resolved,
    conversations: results,
    aggregate: aggregateFigures(results),
  };
}

interface ReplayOptions {
  readonly conversation: InputConversation;
  readonly config: AutoContextConfigInput;
  readonly maxToken: number;
  readonly pinnedTools: readonly string[];
  readonly summarizer: Summarizer;
  readonly counter: TokenCounter;
  readonly store: SessionStore | undefined;
  readonly checkContract: boolean;
  readonly clock: Clock;
  readonly now: () => number;
  readonly signal: AbortSignal | undefined;
  readonly onMessage: () => void;
}

async function replayConversation({
  conversation,
  config,
  maxToken,
  pinnedTools,
  summarizer,
  counter,
  store,
  checkContract,
  clock,
  now,
  signal,
  onMessage,
}: ReplayOptions): Promise<ConversationResult> {
  const messages = toCoreMessages(conversation);
  const groundTruth = collectGroundTruthArguments(
    conversation.expectedActions ?? [],
  );
  const task = messages.find(
    (message) => message.role === 'user' && getAcmMarker(message) === undefined,
  );
  const taskIndex = task === undefined ? -1 : messages.indexOf(task);
  const taskText = task === undefined ? '' : getVisibleText(task);
  const taskEligible =
    taskText !== '' && counter.countText(taskText) <= maxToken * 0.25;
  const promptTexts = new WeakMap<Message, PromptText>();
  const promptText = (message: Message): PromptText => {
    let cached = promptTexts.get(message);
    if (cached === undefined) {
      const text = getVisibleText(message);
      const marker = getAcmMarker(message);
      // Written by ACM: marked so, or not what the original of that id says
      // (a rewrite that forgot its marker is still a rewrite).
      const written =
        marker === undefined
          ? message.role !== 'system' &&
            originalTextById.get(message.id) !== text
          : marker.kind !== 'injected';
      if (!written) {
        cached = { text, rest: text, listTokens: 0, written: false };
      } else {
        const { rest, lists } = splitIdentifierLists(text);
        cached = {
          text,
          rest,
          listTokens:
            lists.length === 0 ? 0 : counter.countText(lists.join('\n')),
          written: true,
        };
      }
      promptTexts.set(message, cached);
    }
    return cached;
  };
  const earlierProbes = new Set<string>();
  const originalTextById = new Map<string, string>();
  let systemText = '';
  let sequence = 0;
  const memory = new AutoContextMemory({
    sessionId: conversation.id,
    config,
    summarizer,
    counter,
    clock,
    store,
    generateId: () => (sequence++).toString(36).padStart(6, '0'),
  });
  const turns: TurnRecord[] = [];
  const events: EventRecord[] = [];
  const passes: {
    strategy: StrategyName;
    outcome: PassReport['outcome'];
    calls: number;
  }[] = [];
  const compressMs: number[] = [];
  const contractViolationSamples: string[] = [];
  const missingIdentifiers: string[] = [];
  let contractViolations = 0;
  let summarizerInputTokens = 0;
  let summarizerOutputTokens = 0;
  let earlierText = '';
  let previousPrompt: readonly Message[] | undefined;

  for (const [index, message] of messages.entries()) {
    signal?.throwIfAborted();
    if (message.role === 'assistant') {
      const before = memory.getState();
      const started = now();
      const result = await memory.compressIfNeeded({ signal });
      compressMs.push(now() - started);
      if (checkContract) {
        const violations = checkStateContract({ before, after: result.state });
        contractViolations += violations.length;
        for (const violation of violations) {
          if (contractViolationSamples.length >= 20) break;
          contractViolationSamples.push(
            `message ${index}: ${violation.kind}: ${violation.detail}`,
          );
        }
      }
      const strategies: StrategyName[] = [];
      for (const pass of result.passes) {
        passes.push({
          strategy: pass.strategy,
          outcome: pass.outcome,
          calls: pass.summarizerCalls,
        });
      }
      for (const event of result.events) {
        if (event.type === 'compression') {
          if (!strategies.includes(event.strategy)) {
            strategies.push(event.strategy);
          }
          summarizerInputTokens += event.summarizer?.inputTokens ?? 0;
          summarizerOutputTokens += event.summarizer?.outputTokens ?? 0;
          events.push({
            turn: turns.length,
            strategy: event.strategy,
            outcome: 'applied',
            messageCount: event.messageCount,
            tokensBefore: event.tokensBefore,
            tokensAfter: event.tokensAfter,
            offloadCount: event.offloadIds.length,
          });
        } else {
          events.push({
            turn: turns.length,
            strategy: event.strategy,
            outcome: 'failed',
            messageCount: event.range.end - event.range.start,
            tokensBefore: 0,
            tokensAfter: 0,
            offloadCount: 0,
            error: event.error.message,
          });
        }
      }
      const prompt = memory.getMessages();
      const managedTokens = counter.countMessages(prompt);
      const texts = prompt.map(promptText);
      const managedText = texts.map((text) => text.text).join('\n');
      const compressed = texts.some((text) => text.written);
      const managedTextWithoutLists = compressed
        ? texts.map((text) => text.rest).join('\n')
        : managedText;
      const retention = measureIdentifierRetention({
        message,
        earlierProbes,
        alwaysVisibleText: systemText,
        managedText,
        managedTextWithoutLists,
      });
      const truth =
        groundTruth.length === 0
          ? { earlier: 0, visible: 0, visibleWithoutLists: 0 }
          : measureGroundTruthVisibility({
              arguments: groundTruth,
              earlierText,
              alwaysVisibleText: systemText,
              managedText,
              managedTextWithoutLists,
            });
      const protectedTokens = counter.countMessages(
        findProtectedMessages(prompt, { pinnedTools }),
      );
      const taskSeen = taskIndex >= 0 && index > taskIndex;
      const depth = compressed
        ? measureReloadDepth({
            working: prompt,
            original: memory.getOriginalMessages(),
            lookupOffload: (offloadId) => memory.lookupOffload(offloadId),
          })
        : undefined;
      for (const identifier of retention.missing) {
        if (missingIdentifiers.length >= 20) break;
        missingIdentifiers.push(`${index}: ${identifier}`);
      }
      turns.push({
        index,
        rawMessages: memory.getOriginalMessages().length,
        rawTokens: counter.countMessages(memory.getOriginalMessages()),
        managedMessages: prompt.length,
        managedTokens,
        withinBudget: managedTokens <= maxToken,
        prefixReused:
          previousPrompt === undefined
            ? null
            : isPromptPrefix(previousPrompt, prompt),
        identifiersEarlier: retention.earlier,
        identifiersRetained: retention.retained,
        identifiersRetainedWithoutLists: retention.retainedWithoutLists,
        compressed,
        groundTruthEarlier: truth.earlier,
        groundTruthVisible: truth.visible,
        groundTruthVisibleWithoutLists: truth.visibleWithoutLists,
        listTokens: texts.reduce((sum, text) => sum + text.listTokens, 0),
        taskVisible:
          taskSeen && taskEligible ? managedText.includes(taskText) : null,
        reloadDepthMax:
          depth === undefined ? null : Math.max(0, depth.histogram.length - 1),
        protectedTokens,
        unexcusedOverBudget:
          managedTokens > maxToken && protectedTokens <= maxToken,
        compressMs: round(compressMs[compressMs.length - 1]!, 3),
        strategies,
      });
      previousPrompt = prompt;
    }
    await memory.addMessage(message);
    originalTextById.set(message.id, getVisibleText(message));
    if (message.role === 'system') {
      systemText += `${getVisibleText(message)}\n`;
    } else {
      earlierText += `${getVisibleText(message)}\n`;
    }
    for (const probe of collectSourceProbes(message)) earlierProbes.add(probe);
    onMessage();
  }

  const reload = await measureReloadExactness({
    state: memory.getState(),
    lookupOffload: (offloadId) => memory.lookupOffload(offloadId),
  });
  const reloadDepth = measureReloadDepth({
    working: memory.getMessages(),
    original: memory.getOriginalMessages(),
    lookupOffload: (offloadId) => memory.lookupOffload(offloadId),
  });
  if (store !== undefined) {
    await store.delete(conversation.id);
    await memory.save();
  }
  return {
    id: conversation.id,
    messageCount: messages.length,
    figures: computeFigures({
      turns,
      events,
      passes,
      compressMs,
      contractViolations,
      reload,
      reloadDepth,
      maxToken,
      summarizerInputTokens,
      summarizerOutputTokens,
    }),
    turns,
    events,
    contractViolationSamples,
    reloadFailures: reload.failures,
    missingIdentifiers,
  };
}

/** A prompt message as text, and without its identifier lists when ACM wrote it. */
interface PromptText {
  readonly text: string;
  readonly rest: string;
  readonly listTokens: number;
  /** Whether ACM wrote the message (a stub, summary, fold; not an injected reminder). */
  readonly written: boolean;
}

function toCoreMessages(conversation: InputConversation): Message[] {
  const format = conversation.format ?? 'openai-chat';
  try {
    return fromConversationMessages(format, conversation);
  } catch (error) {
    if (InvalidMessageError.isInstance(error)) {
      const list = format === 'openai-responses' ? 'input' : 'messages';
      const path =
        error.path === undefined || error.path === ''
          ? `${list}[${error.index}]`
          : /^(system|instructions)/.test(error.path)
            ? error.path
            : `${list}[${error.index}].${error.path}`;
      // The reader's words without its prefix (index, reason and path are above).
      const detail = error.message
        .replace(/^Invalid message at index \d+ \([^)]*\): /, '')
        .replace(`${error.path ?? ''}: `, '');
      const where =
        conversation.source === undefined ? '' : ` (${conversation.source})`;
      throw new CliError({
        code: 'input',
        message: `Conversation ${JSON.stringify(conversation.id)}${where}, read as ${format}: ${path} (${error.reason}): ${detail}. ${ACCEPTED_FORMATS}`,
        cause: error,
      });
    }
    throw error;
  }
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
