import type { IdGenerator, Message } from '@acm/core';
import type {
  PostReasoningContext,
  ReasoningRequest,
} from '../hook/agent-hook';
import type { ChatModelResponse } from '../model/chat-model';
import type { AgentTool } from '../tool/agent-tool';
import type { ToolDefinition } from '../tool/tool-definition';
import { toHookContext } from './agent-run';
import type { AgentRun } from './agent-run';

/**
 * One reasoning step, in four named steps: request (the working messages and
 * tools, changed by the `preReasoning` hooks) → model call → answer (its
 * message id, changed by the `postReasoning` hooks) → record (usage summed,
 * the answer stored, the iteration counted, `reasoning-end`).
 * @returns `false` when the signal aborted (nothing is stored then).
 */
export async function runReasoningStep(run: AgentRun): Promise<boolean> {
  const request = await prepareRequest(run);
  if (run.signal.aborted) return false;
  const called = await callModel(run, request);
  if (called === undefined) return false;
  const answered = await reviewAnswer(run, request, called.response);
  await recordAnswer(run, answered, called.startedAt);
  return true;
}

/** Step 1: the request of this step, as the `preReasoning` hooks leave it. */
async function prepareRequest(run: AgentRun): Promise<ReasoningRequest> {
  let request: ReasoningRequest = {
    messages: run.memory.getMessages(),
    tools: [...run.toolsByName.values()].map(toDefinition),
    systemPrompt: run.systemPrompt,
  };
  for (const hook of run.hooks) {
    const change = await hook.preReasoning?.({
      ...toHookContext(run),
      request,
    });
    if (change) request = { ...request, ...change };
  }
  return request;
}

/**
 * Step 2: the model call (`reasoning-start` first), the system prompt sent
 * first as a `system` message.
 * @returns `undefined` when the signal aborted during the call.
 */
async function callModel(
  run: AgentRun,
  request: ReasoningRequest,
): Promise<
  | { readonly response: ChatModelResponse; readonly startedAt: number }
  | undefined
> {
  const { signal, clock } = run;
  const messages =
    request.systemPrompt === ''
      ? request.messages
      : [systemMessage(run.name, request.systemPrompt), ...request.messages];
  run.emit({
    type: 'reasoning-start',
    at: clock.now(),
    iteration: run.iteration,
    messageCount: messages.length,
    toolCount: request.tools.length,
  });
  const startedAt = clock.now();
  let response: ChatModelResponse;
  try {
    response = await run.model.generate({
      messages,
      tools: request.tools,
      signal,
    });
  } catch (error) {
    if (signal.aborted) return undefined;
    throw error;
  }
  if (signal.aborted) return undefined;
  return { response, startedAt };
}

/** Step 3: the answer with its message id, as the `postReasoning` hooks leave it. */
async function reviewAnswer(
  run: AgentRun,
  request: ReasoningRequest,
  response: ChatModelResponse,
): Promise<PostReasoningContext['response']> {
  let answered = withMessageId(response, run.generateId);
  for (const hook of run.hooks) {
    const change = await hook.postReasoning?.({
      ...toHookContext(run),
      request,
      response: answered,
    });
    if (change?.response) {
      answered = withMessageId(change.response, run.generateId);
    }
  }
  return answered;
}

/** Step 4: sums the usage, stores the answer, counts the step, `reasoning-end`. */
async function recordAnswer(
  run: AgentRun,
  answered: PostReasoningContext['response'],
  startedAt: number,
): Promise<void> {
  if (answered.usage !== undefined) {
    run.usage = {
      inputTokens: run.usage.inputTokens + answered.usage.inputTokens,
      outputTokens: run.usage.outputTokens + answered.usage.outputTokens,
    };
  }
  await run.store([answered.message]);
  run.iteration++;
  run.emit({
    type: 'reasoning-end',
    at: run.clock.now(),
    iteration: run.iteration,
    durationMs: run.clock.now() - startedAt,
    toolCallCount: answered.message.content.filter(
      (part) => part.type === 'tool-call',
    ).length,
    ...(answered.usage === undefined ? {} : { usage: answered.usage }),
  });
}

function toDefinition({
  name,
  description,
  inputSchema,
}: AgentTool): ToolDefinition {
  return { name, description, inputSchema };
}

function systemMessage(name: string, text: string): Message {
  return {
    id: `${name}-system-prompt`,
    role: 'system',
    content: [{ type: 'text', text }],
  };
}

function withMessageId(
  response: ChatModelResponse,
  generateId: IdGenerator,
): PostReasoningContext['response'] {
  const { id, ...rest } = response.message;
  return {
    ...response,
    message: { ...rest, id: id ?? generateId(), role: 'assistant' },
  };
}
