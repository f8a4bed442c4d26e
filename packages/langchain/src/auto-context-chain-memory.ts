import type { AutoContextMemory as CoreMemory, OffloadLookup } from '@acm/core';
import { InvalidArgumentError } from '@acm/core';
import type {
  InputValues,
  MemoryVariables,
  OutputValues,
} from '@langchain/core/memory';
import {
  BaseMemory,
  getInputValue,
  getOutputValue,
} from '@langchain/core/memory';
import type { BaseMessage } from '@langchain/core/messages';
import {
  AIMessage,
  HumanMessage,
  getBufferString,
  isBaseMessage,
} from '@langchain/core/messages';
import { AutoContextChatMessageHistory } from './auto-context-chat-message-history';
import type { AutoContextChatMessageHistoryOptions } from './auto-context-chat-message-history';

/** The chat history's options (core memory options, `memory`, `fixedTokens`, `offloadMarkers`) plus the chain variables. */
export interface AutoContextChainMemoryOptions extends AutoContextChatMessageHistoryOptions {
  /**
   * The variable `loadMemoryVariables` returns the history under.
   * @default 'history'
   */
  readonly memoryKey?: string;
  /**
   * The input variable `saveContext` records as the user turn.
   * @default the only input variable (LangChain's `getInputValue`)
   */
  readonly inputKey?: string;
  /**
   * The output variable `saveContext` records as the answer.
   * @default the only output variable (LangChain's `getOutputValue`)
   */
  readonly outputKey?: string;
  /**
   * Return the history as LangChain messages (for chat prompts with a
   * `MessagesPlaceholder`) rather than one buffer string.
   * @default false
   */
  readonly returnMessages?: boolean;
  /**
   * Speaker prefix of user messages in the buffer string.
   * @default 'Human'
   */
  readonly humanPrefix?: string;
  /**
   * Speaker prefix of assistant messages in the buffer string.
   * @default 'AI'
   */
  readonly aiPrefix?: string;
}

/**
 * ACM as a LangChain `BaseMemory` for classic chains (`@langchain/classic`
 * `ConversationChain`, `LLMChain`, a `RunnableSequence` calling
 * `loadMemoryVariables` / `saveContext`), over an
 * `AutoContextChatMessageHistory`: `loadMemoryVariables` returns the managed
 * history (messages or a buffer string), without offload markers unless
 * `offloadMarkers: true`; `saveContext` appends the input and the output:
 * strings, messages or message lists (tool calls and their results).
 */
export class AutoContextChainMemory extends BaseMemory {
  /** The history behind this memory (usable on its own). */
  readonly chatHistory: AutoContextChatMessageHistory;
  readonly memoryKey: string;
  readonly inputKey: string | undefined;
  readonly outputKey: string | undefined;
  readonly returnMessages: boolean;
  readonly humanPrefix: string;
  readonly aiPrefix: string;

  constructor({
    memoryKey = 'history',
    inputKey,
    outputKey,
    returnMessages = false,
    humanPrefix = 'Human',
    aiPrefix = 'AI',
    ...historyOptions
  }: AutoContextChainMemoryOptions = {}) {
    super();
    this.chatHistory = new AutoContextChatMessageHistory(historyOptions);
    this.memoryKey = memoryKey;
    this.inputKey = inputKey;
    this.outputKey = outputKey;
    this.returnMessages = returnMessages;
    this.humanPrefix = humanPrefix;
    this.aiPrefix = aiPrefix;
  }

  /** The core memory. */
  get memory(): CoreMemory {
    return this.chatHistory.memory;
  }

  /** The core memory's session. */
  get sessionId(): string {
    return this.chatHistory.sessionId;
  }

  get memoryKeys(): string[] {
    return [this.memoryKey];
  }

  /** What the memory knows about an offload id (for the `context_reload` tool). */
  lookupOffload(offloadId: string): OffloadLookup {
    return this.chatHistory.lookupOffload(offloadId);
  }

  /** The managed (compressed when needed) history under `memoryKey`. */
  async loadMemoryVariables(_values: InputValues): Promise<MemoryVariables> {
    const messages = await this.chatHistory.getMessages();
    return {
      [this.memoryKey]: this.returnMessages
        ? messages
        : getBufferString(messages, this.humanPrefix, this.aiPrefix),
    };
  }

  /**
   * Appends the input (a string becomes a `HumanMessage`) and the output (an
   * `AIMessage`); messages and message lists are appended as they are.
   * @throws (rejects) InvalidArgumentError when a value is neither a string,
   * a message nor a list of messages.
   */
  async saveContext(
    inputValues: InputValues,
    outputValues: OutputValues,
  ): Promise<void> {
    const input: unknown = getInputValue(inputValues, this.inputKey);
    const output: unknown = getOutputValue(outputValues, this.outputKey);
    await this.chatHistory.addMessages([
      ...toMessages(input, 'inputValues', (text) => new HumanMessage(text)),
      ...toMessages(output, 'outputValues', (text) => new AIMessage(text)),
    ]);
  }

  /** Empties the memory: history, offloads and events. */
  async clear(): Promise<void> {
    await this.chatHistory.clear();
  }
}

function toMessages(
  value: unknown,
  parameter: string,
  fromText: (text: string) => BaseMessage,
): BaseMessage[] {
  if (typeof value === 'string') return [fromText(value)];
  if (isBaseMessage(value)) return [value];
  if (Array.isArray(value) && value.every((item) => isBaseMessage(item))) {
    return value;
  }
  throw new InvalidArgumentError({
    parameter,
    value,
    message:
      'the recorded value must be a string, a LangChain message or a list of messages',
  });
}
