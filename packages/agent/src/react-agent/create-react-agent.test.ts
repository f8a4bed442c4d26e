import {
  createApproximateTokenCounter,
  createAutoContextMemory,
  InvalidArgumentError,
} from '@acm/core';
import type { Message, ToolCallPart } from '@acm/core';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import { describe, expect, it } from 'vitest';
import type { AgentHook } from '../hook/agent-hook';
import type { ChatModelResponse } from '../model/chat-model';
import { scriptedChatModel } from '../testing/scripted-chat-model';
import { defineTool } from '../tool/define-tool';
import type { AgentEvent } from './agent-event';
import { createReActAgent } from './create-react-agent';

function callTools(
  ...calls: [toolCallId: string, toolName: string, input: unknown][]
): ChatModelResponse {
  return {
    message: {
      role: 'assistant',
      content: calls.map(([toolCallId, toolName, input]) => ({
        type: 'tool-call' as const,
        toolCallId,
        toolName,
        input,
      })),
    },
    usage: { inputTokens: 100, outputTokens: 10 },
  };
}

function answer(text: string): ChatModelResponse {
  return {
    message: { role: 'assistant', content: [{ type: 'text', text }] },
    usage: { inputTokens: 120, outputTokens: 5 },
  };
}

const echoTool = defineTool<{ text: string }>({
  name: 'echo',
  description: 'Echoes its text.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' } },
    required: ['text'],
    additionalProperties: false,
  },
  execute: ({ text }) => `echo: ${text}`,
});

function createTestMemory() {
  return createAutoContextMemory({
    sessionId: 'session-1',
    counter: createApproximateTokenCounter(),
    clock: fixedClock(0),
    generateId: sequentialIds('memory'),
  });
}

function toolResults(messages: readonly Message[]) {
  return messages
    .filter((message) => message.role === 'tool')
    .map((message) => message.content);
}

describe('createReActAgent', () => {
  it('should loop model → tools → model until a final answer and store every step', async () => {
    const model = scriptedChatModel([
      callTools(['call-1', 'echo', { text: 'hi' }]),
      answer('All done.'),
    ]);
    const agent = createReActAgent({
      model,
      tools: [echoTool],
      systemPrompt: 'Be brief.',
      memory: createTestMemory(),
      generateId: sequentialIds('agent'),
    });
    const result = await agent.run('Say hi');
    expect(result).toEqual({
      status: 'completed',
      message: {
        id: 'agent-3',
        role: 'assistant',
        content: [{ type: 'text', text: 'All done.' }],
      },
      text: 'All done.',
      iterations: 2,
      usage: { inputTokens: 220, outputTokens: 15 },
    });
    expect(
      agent.memory.getOriginalMessages().map((message) => message.role),
    ).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(model.calls[1]!.messages.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
    ]);
    expect(model.calls[0]!.messages[0]).toEqual({
      id: 'agent-system-prompt',
      role: 'system',
      content: [{ type: 'text', text: 'Be brief.' }],
    });
    expect(model.calls[0]!.tools).toEqual([
      {
        name: 'echo',
        description: 'Echoes its text.',
        inputSchema: echoTool.inputSchema,
      },
    ]);
    expect(toolResults(agent.memory.getMessages())).toEqual([
      [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'echo',
          output: 'echo: hi',
        },
      ],
    ]);
  });

  it('should run parallel tool calls concurrently and store results in call order', async () => {
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const slowTool = defineTool<{ name: string }>({
      name: 'slow',
      description: 'Waits to be released.',
      inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
      execute: ({ name }) =>
        new Promise<string>((resolve) => {
          started.push(name);
          releases.set(name, () => resolve(`done ${name}`));
          if (started.length === 3) {
            // Release in reverse order: results must still follow call order.
            releases.get('c')!();
            releases.get('b')!();
            releases.get('a')!();
          }
        }),
    });
    const agent = createReActAgent({
      model: scriptedChatModel([
        callTools(
          ['call-a', 'slow', { name: 'a' }],
          ['call-b', 'slow', { name: 'b' }],
          ['call-c', 'slow', { name: 'c' }],
        ),
        answer('ok'),
      ]),
      tools: [slowTool],
      memory: createTestMemory(),
      generateId: sequentialIds('agent'),
    });
    await agent.run('go');
    expect(started).toEqual(['a', 'b', 'c']);
    expect(toolResults(agent.memory.getMessages())).toEqual([
      [
        {
          type: 'tool-result',
          toolCallId: 'call-a',
          toolName: 'slow',
          output: 'done a',
        },
      ],
      [
        {
          type: 'tool-result',
          toolCallId: 'call-b',
          toolName: 'slow',
          output: 'done b',
        },
      ],
      [
        {
          type: 'tool-result',
          toolCallId: 'call-c',
          toolName: 'slow',
          output: 'done c',
        },
      ],
    ]);
  });

  it('should return unknown tools, invalid inputs and throwing tools to the model as error results', async () => {
    const failing = defineTool<Record<string, never>>({
      name: 'fail',
      description: 'Always throws.',
      inputSchema: { type: 'object' },
      execute: () => {
        throw new Error('disk full');
      },
    });
    const agent = createReActAgent({
      model: scriptedChatModel([
        callTools(
          ['call-1', 'missing', {}],
          ['call-2', 'echo', { text: 7 }],
          ['call-3', 'fail', {}],
          ['call-4', 'echo', { text: 'fine' }],
        ),
        answer('ok'),
      ]),
      tools: [echoTool, failing],
      memory: createTestMemory(),
      generateId: sequentialIds('agent'),
    });
    const result = await agent.run('go');
    expect(result.status).toBe('completed');
    expect(toolResults(agent.memory.getMessages())).toEqual([
      [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'missing',
          output: 'Error: unknown tool "missing". Available tools: echo, fail.',
          isError: true,
        },
      ],
      [
        {
          type: 'tool-result',
          toolCallId: 'call-2',
          toolName: 'echo',
          output:
            'Error: invalid input for tool "echo": $.text: Instance type "number" is invalid. Expected "string".',
          isError: true,
        },
      ],
      [
        {
          type: 'tool-result',
          toolCallId: 'call-3',
          toolName: 'fail',
          output: 'Error: disk full',
          isError: true,
        },
      ],
      [
        {
          type: 'tool-result',
          toolCallId: 'call-4',
          toolName: 'echo',
          output: 'echo: fine',
        },
      ],
    ]);
  });

  it('should stop after maxIters reasoning steps with every call answered', async () => {
    const model = scriptedChatModel((_request, index) =>
      callTools([`call-${index}`, 'echo', { text: String(index) }]),
    );
    const agent = createReActAgent({
      model,
      tools: [echoTool],
      memory: createTestMemory(),
      maxIters: 3,
      generateId: sequentialIds('agent'),
    });
    const result = await agent.run('loop forever');
    expect(result.status).toBe('max-iterations');
    expect(result.iterations).toBe(3);
    expect(model.calls).toHaveLength(3);
    expect(agent.memory.getOriginalMessages().at(-1)!.role).toBe('tool');
    expect(agent.getRunState()).toEqual({
      pending: 'reasoning',
      iteration: 3,
      pendingToolCalls: [],
    });
  });

  it('should reject an invalid maxIters and a duplicate tool', () => {
    const model = scriptedChatModel([]);
    expect(() => createReActAgent({ model, maxIters: 0 })).toThrow(
      InvalidArgumentError,
    );
    expect(() =>
      createReActAgent({ model, tools: [echoTool, echoTool] }),
    ).toThrow('a tool named "echo" is already registered');
  });

  it('should end with status aborted and store nothing of the aborted step', async () => {
    const controller = new AbortController();
    const model = scriptedChatModel((request) => {
      controller.abort(new Error('stop'));
      return Promise.reject(request.signal.reason as Error);
    });
    const agent = createReActAgent({
      model,
      memory: createTestMemory(),
      generateId: sequentialIds('agent'),
    });
    const result = await agent.run('hello', { signal: controller.signal });
    expect(result).toEqual({
      status: 'aborted',
      text: '',
      iterations: 0,
      usage: { inputTokens: 0, outputTokens: 0 },
    });
    expect(
      agent.memory.getOriginalMessages().map((message) => message.role),
    ).toEqual(['user']);
    expect(agent.getRunState().pending).toBe('reasoning');
  });

  it('should emit structured events timed by the injected clock', async () => {
    const clock = fixedClock(1000);
    const events: AgentEvent[] = [];
    const timedTool = defineTool<Record<string, never>>({
      name: 'timed',
      description: 'Takes 40 ms.',
      inputSchema: { type: 'object' },
      execute: () => {
        clock.increment(40);
        return 'ok';
      },
    });
    const model = scriptedChatModel((_request, index) => {
      clock.increment(100);
      return index === 0 ? callTools(['call-1', 'timed', {}]) : answer('done');
    });
    const agent = createReActAgent({
      model,
      tools: [timedTool],
      memory: createTestMemory(),
      clock,
      generateId: sequentialIds('agent'),
      onEvent: (event) => events.push(event),
    });
    await agent.run('time it');
    expect(events).toEqual([
      { type: 'run-start', at: 1000, iteration: 0, resumed: false },
      {
        type: 'reasoning-start',
        at: 1000,
        iteration: 0,
        messageCount: 1,
        toolCount: 1,
      },
      {
        type: 'reasoning-end',
        at: 1100,
        iteration: 1,
        durationMs: 100,
        toolCallCount: 1,
        usage: { inputTokens: 100, outputTokens: 10 },
      },
      { type: 'acting-start', at: 1100, iteration: 1, toolCallCount: 1 },
      {
        type: 'tool-call',
        at: 1100,
        iteration: 1,
        toolCallId: 'call-1',
        toolName: 'timed',
        input: {},
      },
      {
        type: 'tool-result',
        at: 1140,
        iteration: 1,
        toolCallId: 'call-1',
        toolName: 'timed',
        isError: false,
        durationMs: 40,
      },
      { type: 'acting-end', at: 1140, iteration: 1, durationMs: 40 },
      {
        type: 'reasoning-start',
        at: 1140,
        iteration: 1,
        messageCount: 3,
        toolCount: 1,
      },
      {
        type: 'reasoning-end',
        at: 1240,
        iteration: 2,
        durationMs: 100,
        toolCallCount: 0,
        usage: { inputTokens: 120, outputTokens: 5 },
      },
      {
        type: 'run-end',
        at: 1240,
        iteration: 2,
        status: 'completed',
        durationMs: 240,
        usage: { inputTokens: 220, outputTokens: 15 },
      },
    ]);
  });

  it('should run hooks by priority, stable for equal priorities, and apply their changes', async () => {
    const order: string[] = [];
    const hook = (
      name: string,
      priority: number | undefined,
      extra: Partial<AgentHook> = {},
    ): AgentHook => ({
      name,
      ...(priority === undefined ? {} : { priority }),
      preReasoning: ({ request }) => {
        order.push(name);
        return { systemPrompt: `${request.systemPrompt}[${name}]` };
      },
      ...extra,
    });
    const model = scriptedChatModel([
      callTools(
        ['call-1', 'echo', { text: 'a' }],
        ['call-2', 'echo', { text: 'b' }],
      ),
      answer('done'),
    ]);
    const agent = createReActAgent({
      model,
      tools: [echoTool],
      systemPrompt: 'base',
      memory: createTestMemory(),
      generateId: sequentialIds('agent'),
      hooks: [
        hook('late', 10),
        hook('first-zero', undefined, {
          preActing: ({ toolCalls }) => ({
            toolCalls: toolCalls.map((call) =>
              call.toolCallId === 'call-2'
                ? { ...call, veto: 'Not allowed.' }
                : { ...call, input: { text: 'changed' } },
            ),
          }),
        }),
        hook('early', -5),
        hook('second-zero', 0, {
          postActing: ({ results }) => ({
            results: results.map((result) => ({
              ...result,
              output: `${String(result.output)}!`,
            })),
          }),
        }),
      ],
    });
    await agent.run('go');
    expect(order.slice(0, 4)).toEqual([
      'early',
      'first-zero',
      'second-zero',
      'late',
    ]);
    expect(model.calls[0]!.messages[0]!.content).toEqual([
      { type: 'text', text: 'base[early][first-zero][second-zero][late]' },
    ]);
    expect(toolResults(agent.memory.getMessages())).toEqual([
      [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'echo',
          output: 'echo: changed!',
        },
      ],
      [
        {
          type: 'tool-result',
          toolCallId: 'call-2',
          toolName: 'echo',
          output: 'Not allowed.!',
          isError: true,
        },
      ],
    ]);
  });

  it('should give a skipped-call error result when a preActing hook drops a call', async () => {
    const agent = createReActAgent({
      model: scriptedChatModel([
        callTools(['call-1', 'echo', { text: 'a' }]),
        answer('ok'),
      ]),
      tools: [echoTool],
      memory: createTestMemory(),
      generateId: sequentialIds('agent'),
      hooks: [{ preActing: () => ({ toolCalls: [] }) }],
    });
    await agent.run('go');
    expect(toolResults(agent.memory.getMessages())).toEqual([
      [
        {
          type: 'tool-result',
          toolCallId: 'call-1',
          toolName: 'echo',
          output: 'Error: this tool call was skipped by a hook.',
          isError: true,
        },
      ],
    ]);
  });

  it('should resume pending tool calls of a stored step', async () => {
    const memory = createTestMemory();
    const call: ToolCallPart = {
      type: 'tool-call',
      toolCallId: 'call-9',
      toolName: 'echo',
      input: { text: 'x' },
    };
    await memory.addMessages([
      { id: 'user-1', role: 'user', content: [{ type: 'text', text: 'go' }] },
      { id: 'assistant-1', role: 'assistant', content: [call] },
    ]);
    const model = scriptedChatModel([answer('resumed')]);
    const agent = createReActAgent({
      model,
      tools: [echoTool],
      memory,
      generateId: sequentialIds('agent'),
    });
    expect(agent.getRunState()).toEqual({
      pending: 'acting',
      iteration: 1,
      pendingToolCalls: [call],
    });
    const result = await agent.resume();
    expect(result.text).toBe('resumed');
    expect(result.iterations).toBe(2);
    expect(toolResults(memory.getMessages())).toEqual([
      [
        {
          type: 'tool-result',
          toolCallId: 'call-9',
          toolName: 'echo',
          output: 'echo: x',
        },
      ],
    ]);
  });
});
