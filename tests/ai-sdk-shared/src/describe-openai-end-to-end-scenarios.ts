import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CONTEXT_RELOAD_TOOL_NAME,
  autoContextMiddleware,
  checkContract,
  contextReloadTool,
} from '@acm/ai-sdk';
import { fromOpenAIMessages } from '@acm/core';
import { countFixedTokens } from '@acm/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiSdkMajor } from './ai-sdk-major';
import { systemPromptOption } from './ai-sdk-major';
import {
  MAX_TOKEN,
  config,
  counter,
  loadConversation,
} from './conversation-fixture';
import { createLookupTool } from './create-lookup-tool';

/** What the OpenAI scenarios need on top of the major: its `@ai-sdk/openai`. */
export interface OpenAIEndToEndMajor extends AiSdkMajor {
  /** `createOpenAI` of the `@ai-sdk/openai` release that goes with the major. */
  createOpenAI(settings: { baseURL: string; apiKey: string }): {
    chat(modelId: string): unknown;
  };
}

interface ChatRequest {
  readonly stream?: boolean;
  readonly messages: readonly {
    role: string;
    content?: unknown;
    tool_call_id?: string;
  }[];
  readonly tools?: readonly unknown[];
}

/** Tokens of a request body as the memory counts them: messages (system as fixed tokens) and tool schemas. */
function countRequest(body: ChatRequest): number {
  const messages = fromOpenAIMessages(body.messages);
  const system = messages.filter((message) => message.role === 'system');
  return (
    counter.countMessages(
      messages.filter((message) => message.role !== 'system'),
    ) +
    countFixedTokens({
      counter,
      system:
        system
          .map((message) =>
            message.content
              .map((part) => (part.type === 'text' ? part.text : ''))
              .join(''),
          )
          .join('\n\n') || undefined,
      tools: body.tools ?? [],
    })
  );
}

/** The canned agent: look up, reload an offloaded message, answer. */
function reply(body: ChatRequest): {
  content: string | null;
  toolCall?: { id: string; name: string; arguments: string };
} {
  const last = body.messages.at(-1);
  if (last?.role === 'user')
    return {
      content: null,
      toolCall: { id: 'call_1', name: 'lookup', arguments: '{"q":"settings"}' },
    };
  if (last?.role === 'tool' && last.tool_call_id === 'call_1') {
    const match = /CONTEXT_OFFLOAD: uuid=([^\s>"\\]+)/.exec(
      JSON.stringify(body.messages),
    );
    return {
      content: null,
      toolCall: {
        id: 'call_2',
        name: CONTEXT_RELOAD_TOOL_NAME,
        arguments: JSON.stringify({
          working_context_offload_uuid: match?.[1] ?? 'missing',
        }),
      },
    };
  }
  return { content: 'The fix is in settings.py.' };
}

/** Runs the `autoContextMiddleware` scenarios through `@ai-sdk/openai` against a local chat-completions server. */
export function describeOpenAIEndToEndScenarios(
  major: OpenAIEndToEndMajor,
): void {
  const requests: ChatRequest[] = [];

  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as ChatRequest;
      requests.push(body);
      const { content, toolCall } = reply(body);
      const usage = { prompt_tokens: countRequest(body), completion_tokens: 5 };
      const finish = toolCall === undefined ? 'stop' : 'tool_calls';
      const toolCalls =
        toolCall === undefined
          ? undefined
          : [
              {
                index: 0,
                id: toolCall.id,
                type: 'function',
                function: {
                  name: toolCall.name,
                  arguments: toolCall.arguments,
                },
              },
            ];
      if (body.stream === true) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunks = [
          {
            choices: [
              {
                index: 0,
                delta:
                  toolCalls === undefined
                    ? { role: 'assistant', content }
                    : { role: 'assistant', tool_calls: toolCalls },
                finish_reason: null,
              },
            ],
          },
          { choices: [{ index: 0, delta: {}, finish_reason: finish }] },
          { choices: [], usage },
        ];
        for (const chunk of chunks)
          response.write(`data: ${JSON.stringify(chunk)}\n\n`);
        response.end('data: [DONE]\n\n');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content, tool_calls: toolCalls },
              finish_reason: finish,
            },
          ],
          usage,
        }),
      );
    });
  });

  let baseURL = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) =>
      server.listen(0, '127.0.0.1', resolve),
    );
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  describe(`autoContextMiddleware through @ai-sdk/openai (${major.label})`, () => {
    it.each([false, true])(
      'should send request bodies that keep the contract and the budget (stream: %s)',
      async (stream) => {
        requests.length = 0;
        const { system, messages } = loadConversation();
        const acm = autoContextMiddleware({
          sessionId: 'e2e',
          config,
          counter,
        });
        const model = major.wrapLanguageModel({
          model: major
            .createOpenAI({ baseURL, apiKey: 'test-key' })
            .chat('gpt-test'),
          middleware: acm,
        });
        const tools = {
          lookup: createLookupTool(major, ({ q }) =>
            Promise.resolve(`result for ${q}`),
          ),
          [CONTEXT_RELOAD_TOOL_NAME]: contextReloadTool({
            memory: () => acm.getMemory('e2e'),
          }),
        };
        const options = {
          model,
          ...systemPromptOption(major, system),
          messages,
          tools,
          stopWhen: major.stepCount(4),
        };
        const text = stream
          ? await major.streamText(options).text
          : (await major.generateText(options)).text;

        expect(text).toBe('The fix is in settings.py.');
        expect(requests).toHaveLength(3);
        expect(requests.map((body) => body.stream === true)).toEqual([
          stream,
          stream,
          stream,
        ]);
        for (const body of requests) {
          expect(checkContract(fromOpenAIMessages(body.messages))).toEqual([]);
          expect(countRequest(body)).toBeLessThanOrEqual(MAX_TOKEN);
        }
        // Compressed (within the budget above): content behind reload stubs.
        expect(JSON.stringify(requests[0]!.messages)).toContain(
          'CONTEXT_OFFLOAD',
        );
        const reloaded = requests[2]!.messages.at(-1)!;
        expect(reloaded.role).toBe('tool');
        expect(String(reloaded.content)).toMatch(/^Offloaded context "/);
      },
    );
  });
}
