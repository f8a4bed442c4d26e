import type {
  AutoContextConfig,
  AutoContextConfigInput,
} from '../../../vocabulary/config/config';
import { DEFAULT_CONFIG } from '../../../vocabulary/config/config';
import type { Message } from '../../../vocabulary/message/message';
import { getMessageCharCount } from '../../../vocabulary/message/message-text';
import type { ContextState } from '../../../state/context-state/context-state';
import type { TokenCounter } from '../../../state/token/token-counter';
import type { IdGenerator } from '../../../vocabulary/clock/clock';
import type {
  CompressionPlan,
  CompressionPressure,
  StrategyContext,
} from '../compression-plan';
import { createStrategyContext } from '../create-strategy-context';
import { renderReplacement } from '../render-replacement';

/** Fixture builders and a tiny plan applier for the strategy tests. */

export function system(id: string, text = 'You are helpful.'): Message {
  return { id, role: 'system', content: [{ type: 'text', text }] };
}

export function user(id: string, text = `question ${id}`): Message {
  return { id, role: 'user', content: [{ type: 'text', text }] };
}

export function assistant(id: string, text = `answer ${id}`): Message {
  return { id, role: 'assistant', content: [{ type: 'text', text }] };
}

export interface CallSpec {
  readonly toolCallId: string;
  readonly toolName?: string;
  readonly input?: unknown;
}

export function toolCall(
  id: string,
  calls: readonly CallSpec[],
  text?: string,
): Message {
  return {
    id,
    role: 'assistant',
    content: [
      ...(text === undefined ? [] : [{ type: 'text' as const, text }]),
      ...calls.map((call) => ({
        type: 'tool-call' as const,
        toolCallId: call.toolCallId,
        toolName: call.toolName ?? 'search',
        input: call.input ?? { query: call.toolCallId },
      })),
    ],
  };
}

export function toolResult(
  id: string,
  toolCallId: string,
  output: unknown = `result of ${toolCallId}`,
  toolName = 'search',
): Message {
  return {
    id,
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId, toolName, output }],
  };
}

/** One exchange: a call message `${prefix}-call` and its result `${prefix}-result` (tool call id `${prefix}`). */
export function exchange(
  prefix: string,
  output?: unknown,
  toolName = 'search',
): Message[] {
  return [
    toolCall(`${prefix}-call`, [{ toolCallId: prefix, toolName }]),
    toolResult(`${prefix}-result`, prefix, output, toolName),
  ];
}

/** `count` characters of `x`. */
export function big(count: number, letter = 'x'): string {
  return letter.repeat(count);
}

/** A predictable counter: 4 tokens per message plus one token per 4 characters. */
export const charCounter: TokenCounter = {
  name: 'chars/4',
  countText: (text) => Math.ceil(text.length / 4),
  countMessage: (message) => 4 + Math.ceil(getMessageCharCount(message) / 4),
  countMessages: (messages) =>
    messages.reduce(
      (total, message) => total + charCounter.countMessage(message),
      0,
    ),
};

/** A generator of ids `gen-0`, `gen-1`, … local to one test. */
export function counterIds(prefix = 'gen'): IdGenerator {
  let next = 0;
  return () => `${prefix}-${next++}`;
}

export interface FixtureContextOptions {
  readonly config?: AutoContextConfigInput;
  readonly pressure?: Partial<CompressionPressure>;
  readonly planHint?: string;
  /** Offload entries the strategies may look up (flat folds). */
  readonly offloads?: Readonly<Record<string, readonly Message[]>>;
  /** Tokens the working messages may take. */
  readonly messageBudget?: number;
}

export function testConfig(
  input: AutoContextConfigInput = {},
): AutoContextConfig {
  return {
    ...DEFAULT_CONFIG,
    // Strategy tests pass absolute thresholds only (no relative forms).
    ...(input as Partial<AutoContextConfig>),
    strategies: { ...DEFAULT_CONFIG.strategies, ...input.strategies },
    toolPolicies: { ...DEFAULT_CONFIG.toolPolicies, ...input.toolPolicies },
    customPrompt: { ...input.customPrompt },
  };
}

export function fixtureContext(
  messages: readonly Message[],
  {
    config,
    pressure,
    planHint,
    offloads,
    messageBudget,
  }: FixtureContextOptions = {},
): StrategyContext {
  return createStrategyContext({
    messages,
    config: testConfig(config),
    ...(offloads === undefined ? {} : { offloads }),
    ...(messageBudget === undefined ? {} : { messageBudget }),
    counter: charCounter,
    generateId: counterIds(),
    pressure: { messageCount: true, tokens: true, ...pressure },
    ...(planHint === undefined ? {} : { planHint }),
  });
}

export function stateOf(messages: readonly Message[]): ContextState {
  return {
    sessionId: 'session-1',
    working: messages,
    original: messages,
    offloads: {},
    events: [],
    revision: 0,
  };
}

/** The placeholder summary the test applier hands to `build` for task `key`. */
export function placeholderSummary(key: string): string {
  return `summary of ${key}`;
}

/**
 * Applies a plan the simple way: splices every edit's built messages over its
 * range (last edit first), with `placeholderSummary(key)` as every summary, and
 * adds the offload entries.
 */
export function applyTestPlan(
  state: ContextState,
  plan: CompressionPlan,
): ContextState {
  const summaries: Record<string, string> = {};
  for (const task of plan.tasks)
    summaries[task.key] = placeholderSummary(task.key);
  const working = [...state.working];
  const offloads: Record<string, readonly Message[]> = { ...state.offloads };
  for (let index = plan.edits.length - 1; index >= 0; index--) {
    const edit = plan.edits[index]!;
    working.splice(
      edit.range.start,
      edit.range.end - edit.range.start,
      ...renderReplacement(edit, summaries),
    );
    Object.assign(offloads, edit.offloads);
  }
  return { ...state, working, offloads, revision: state.revision + 1 };
}
