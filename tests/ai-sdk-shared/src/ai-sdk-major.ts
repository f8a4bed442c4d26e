import type { AiSdkMessage, SummarizerLanguageModel } from '@acm/ai-sdk';

/**
 * A message of a model call's prompt (`LanguageModelV3Prompt` /
 * `LanguageModelV4Prompt`), as far as the scenarios read it.
 */
export type MockPromptMessage =
  | Extract<AiSdkMessage, { role: 'system' }>
  | {
      readonly role: 'user' | 'assistant';
      readonly content: readonly { readonly type: string }[];
    }
  | {
      readonly role: 'tool';
      readonly content: readonly (
        | { readonly type: 'tool-result'; readonly toolName: string }
        | { readonly type: 'tool-approval-response' }
      )[];
    };

/**
 * A model call as the mock model records it: the part of
 * `LanguageModelV3CallOptions` (ai 6) and `LanguageModelV4CallOptions` (ai 7)
 * the scenarios read.
 */
export interface MockCallOptions {
  readonly prompt: readonly MockPromptMessage[];
  readonly tools?: readonly unknown[];
  readonly providerOptions?: unknown;
}

/** The content parts the scripted models answer with (the same in V3 and V4). */
export type MockContent =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly input: string;
    };

export interface MockFinishReason {
  readonly unified: 'stop' | 'tool-calls';
  readonly raw: string | undefined;
}

export interface MockUsage {
  readonly inputTokens: {
    readonly total: number | undefined;
    readonly noCache: number | undefined;
    readonly cacheRead: number | undefined;
    readonly cacheWrite: number | undefined;
  };
  readonly outputTokens: {
    readonly total: number | undefined;
    readonly text: number | undefined;
    readonly reasoning: number | undefined;
  };
}

export interface MockGenerateResult {
  content: MockContent[];
  readonly finishReason: MockFinishReason;
  readonly usage: MockUsage;
  warnings: never[];
}

export type MockStreamPart =
  | { readonly type: 'text-start'; readonly id: string }
  | { readonly type: 'text-delta'; readonly id: string; readonly delta: string }
  | { readonly type: 'text-end'; readonly id: string }
  | Extract<MockContent, { type: 'tool-call' }>
  | {
      readonly type: 'finish';
      readonly finishReason: MockFinishReason;
      readonly usage: MockUsage;
    };

/** A `MockLanguageModelV3` / `MockLanguageModelV4` instance as the scenarios use it. */
export interface MockLanguageModel extends SummarizerLanguageModel {
  readonly doGenerateCalls: readonly MockCallOptions[];
  readonly doStreamCalls: readonly MockCallOptions[];
}

/** The `MockLanguageModelV3` (ai 6) or `MockLanguageModelV4` (ai 7) class of `ai/test`. */
export type MockLanguageModelClass = new (options: {
  doGenerate?: (options: MockCallOptions) => PromiseLike<MockGenerateResult>;
  doStream?: (
    options: MockCallOptions,
  ) => PromiseLike<{ stream: ReadableStream<MockStreamPart> }>;
}) => MockLanguageModel;

/**
 * The options the scenarios pass to `generateText` / `streamText`. Loose on
 * purpose: each major checks its own options where it is passed in (the
 * methods below compare their parameters both ways).
 */
export interface TextCallOptions {
  readonly model: unknown;
  readonly messages?: unknown;
  readonly prompt?: unknown;
  readonly system?: unknown;
  readonly instructions?: unknown;
  readonly tools?: unknown;
  readonly stopWhen?: unknown;
  readonly prepareStep?: unknown;
  readonly providerOptions?: unknown;
}

export interface TextStep {
  readonly toolResults: readonly unknown[];
}

/** What a call answered, as `ModelMessage`s an app appends to its history. */
export interface TextResponse {
  readonly messages: readonly unknown[];
}

/** The `ai` 6 or 7 functions and classes the scenarios run on, and how that major differs. */
export interface AiSdkMajor {
  /** Shown in the describe titles, e.g. `'ai 7'`. */
  readonly label: string;
  /** The `generateText` / `streamText` option that holds the system prompt: `'system'` (ai 6) or `'instructions'` (ai 7). */
  readonly systemOption: 'system' | 'instructions';
  /** Whether `generateText` carries the `messages` a `prepareStep` returns forward to later steps (ai 7), or applies them to that step only (ai 6). */
  readonly prepareStepCarriesMessages: boolean;
  generateText(options: TextCallOptions): PromiseLike<{
    readonly text: string;
    readonly steps: readonly TextStep[];
    readonly response: TextResponse;
  }>;
  streamText(options: TextCallOptions): {
    readonly text: PromiseLike<string>;
    readonly steps: PromiseLike<readonly TextStep[]>;
    readonly response: PromiseLike<TextResponse>;
  };
  /** `stepCountIs` (ai 6) or `isStepCount` (ai 7). */
  stepCount(count: number): unknown;
  tool(definition: {
    readonly description?: unknown;
    readonly inputSchema: unknown;
    readonly execute?: unknown;
  }): unknown;
  jsonSchema(schema: {
    type: 'object';
    properties: Record<string, { type: 'string' }>;
    required: string[];
  }): unknown;
  wrapLanguageModel(options: { model: unknown; middleware: unknown }): unknown;
  readonly MockLanguageModel: MockLanguageModelClass;
  convertArrayToReadableStream<TValue>(
    values: TValue[],
  ): ReadableStream<TValue>;
}

/** The system prompt as the major's `generateText` / `streamText` option. */
export function systemPromptOption(
  major: Pick<AiSdkMajor, 'systemOption'>,
  system: string,
): Pick<TextCallOptions, 'system' | 'instructions'> {
  return { [major.systemOption]: system };
}
