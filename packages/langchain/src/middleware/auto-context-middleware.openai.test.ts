import type { AutoContextConfigInput } from '@acm/core';
import {
  AutoContextMemory as CoreMemory,
  checkContract,
  createApproximateTokenCounter,
  fromOpenAIMessages,
} from '@acm/core';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import type { BaseMessage } from '@langchain/core/messages';
import { HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadSweToolOutputs } from '../../test-fixtures/swe-tool-outputs';
import { summarizerFromChatModel } from '../summarizer-from-chat-model';
import { autoContextMiddleware } from './auto-context-middleware';

const CONFIG: AutoContextConfigInput = {
  msgThreshold: 30,
  maxToken: 8000,
  tokenRatio: 0.6,
  targetRatio: 0.3,
  lastKeep: 6,
  largePayloadThreshold: 1500,
  minConsecutiveToolMessages: 1,
  minCompressionTokenThreshold: 100,
  historyRollupKeepRecentRounds: 1,
  historyRollupKeepRecentTokens: 300,
};
const ROUNDS = 4;
const CALLS_PER_ROUND = 8;

interface RequestBody {
  readonly messages: { role: string; content?: unknown }[];
  readonly tools?: unknown[];
}

/** An OpenAI-compatible chat-completions server with canned answers. */
function startServer() {
  const bodies: RequestBody[] = [];
  let completion = 0;
  let callInRound = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(
        Buffer.concat(chunks).toString('utf8'),
      ) as RequestBody;
      bodies.push(body);
      completion += 1;
      const last = body.messages.at(-1);
      let message: Record<string, unknown>;
      let finishReason: string;
      if (body.tools === undefined) {
        // A summary request (no tools): a short summary.
        message = {
          role: 'assistant',
          content: `Summary ${completion}: commands ran, outputs inspected.`,
        };
        finishReason = 'stop';
      } else {
        if (last?.role === 'user') callInRound = 0;
        if (callInRound < CALLS_PER_ROUND) {
          callInRound += 1;
          message = {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: `call_${completion}`,
                type: 'function',
                function: {
                  name: 'bash',
                  arguments: JSON.stringify({ command: `step ${completion}` }),
                },
              },
            ],
          };
          finishReason = 'tool_calls';
        } else {
          message = { role: 'assistant', content: 'The fix is in place.' };
          finishReason = 'stop';
        }
      }
      const promptTokens = Math.ceil(JSON.stringify(body.messages).length / 4);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `chatcmpl-${completion}`,
          object: 'chat.completion',
          created: 0,
          model: 'gpt-4o-mini',
          choices: [{ index: 0, message, finish_reason: finishReason }],
          usage: {
            prompt_tokens: promptTokens,
            completion_tokens: 12,
            total_tokens: promptTokens + 12,
          },
        }),
      );
    });
  });
  return { server, bodies };
}

describe('autoContextMiddleware', () => {
  const { server, bodies } = startServer();
  let baseURL = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', resolve),
    );
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('should keep every request ChatOpenAI sends within the contract and the budget', async () => {
    const model = new ChatOpenAI({
      model: 'gpt-4o-mini',
      apiKey: 'test',
      configuration: { baseURL },
      maxRetries: 0,
    });
    const counter = createApproximateTokenCounter();
    const memory = new CoreMemory({
      sessionId: 'openai-e2e',
      config: CONFIG,
      counter,
      summarizer: summarizerFromChatModel(model),
      clock: fixedClock(0),
      generateId: sequentialIds('id'),
    });
    const outputs = loadSweToolOutputs(ROUNDS * CALLS_PER_ROUND);
    let next = 0;
    const bash = tool(() => outputs[next++]!, {
      name: 'bash',
      description: 'Runs a shell command.',
      schema: z.object({ command: z.string() }),
    });
    const agent = createAgent({
      model,
      tools: [bash],
      systemPrompt: 'You fix bugs.',
      middleware: [autoContextMiddleware({ memory })],
    });

    let messages: BaseMessage[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const state = await agent.invoke(
        { messages: [...messages, new HumanMessage(`Fix issue ${round}.`)] },
        { recursionLimit: 200 },
      );
      messages = state.messages;
      expect(messages.at(-1)?.text).toBe('The fix is in place.');
    }

    const agentBodies = bodies.filter((body) => body.tools !== undefined);
    const summaryBodies = bodies.filter((body) => body.tools === undefined);
    expect(agentBodies).toHaveLength(ROUNDS * (CALLS_PER_ROUND + 1));
    expect(summaryBodies.length).toBeGreaterThan(0);
    const applied = memory
      .getCompressionEvents()
      .filter((event) => event.type === 'compression');
    expect(applied.length).toBeGreaterThan(0);
    expect(
      applied.some(
        (event) =>
          event.summarizer !== undefined && event.summarizer.outputTokens > 0,
      ),
    ).toBe(true);
    for (const body of bodies) {
      const converted = fromOpenAIMessages(body.messages);
      expect(checkContract(converted)).toEqual([]);
      expect(counter.countMessages(converted)).toBeLessThan(
        CONFIG.maxToken as number,
      );
    }
    // The context_reload tool is offered to the model.
    expect(JSON.stringify(agentBodies[0]?.tools)).toContain(
      'working_context_offload_uuid',
    );
    // Without compression the last request would hold every message.
    expect(agentBodies.at(-1)!.messages.length).toBeLessThan(
      memory.getOriginalMessages().length,
    );
    expect(memory.getCalibration()).not.toBe(1);
  });
});
