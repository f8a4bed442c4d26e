import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toAiSdkMessages } from '@acm/ai-sdk';
import { fromOpenAIMessages } from '@acm/core';
import { toAnthropicMessages, toOpenAIResponsesItems } from '@acm/core/formats';
import { toLangChainMessages } from '@acm/langchain';
import { mapChatMessagesToStoredMessages } from '@langchain/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConversations } from './read-conversations';
import type { InputConversation } from './read-conversations';
import { runCli } from './run-cli';
import type { SimulationResult } from './simulation-result';
import { SAMPLE_FILE } from './test-fixtures';

// One real shared-data conversation (SWE-bench: every assistant turn is text
// plus one tool call), written in each of the five formats by the framework
// or provider writer of that format, then replayed by `acm simulate`.
const CONVERSATION_ID = 'swe/pytest-dev__pytest-7521';
const FORMATS = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'ai-sdk',
  'langchain-stored',
  'langchain-lc',
] as const;

/** The per-conversation results without timings (the only figures that may differ between runs). */
function figuresOf(result: SimulationResult): unknown {
  return result.conversations.map((conversation): unknown =>
    JSON.parse(
      JSON.stringify(conversation, (key, value: unknown) =>
        key === 'compressMs' ||
        key === 'compressMsMedian' ||
        key === 'compressMsP95'
          ? 0
          : value,
      ),
    ),
  );
}

describe('acm simulate on every trace format', () => {
  let directory: string;
  let source: InputConversation;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'acm-formats-'));
    const conversations = await readConversations(SAMPLE_FILE);
    source = conversations.find(
      (conversation) => conversation.id === CONVERSATION_ID,
    )!;
    const core = fromOpenAIMessages(source.messages);
    const anthropic = toAnthropicMessages(core);
    const langchain = toLangChainMessages(core);
    const records: Record<(typeof FORMATS)[number], unknown> = {
      'openai-chat': { messages: source.messages },
      'openai-responses': { input: toOpenAIResponsesItems(core) },
      anthropic: { system: anthropic.system, messages: anthropic.messages },
      'ai-sdk': { messages: toAiSdkMessages(core) },
      'langchain-stored': {
        messages: mapChatMessagesToStoredMessages(langchain),
      },
      'langchain-lc': { messages: JSON.parse(JSON.stringify(langchain)) },
    };
    await Promise.all(
      FORMATS.map((format) =>
        writeFile(
          join(directory, `${format}.jsonl`),
          `${JSON.stringify({ id: CONVERSATION_ID, ...(records[format] as object) })}\n`,
        ),
      ),
    );
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('should detect each format', async () => {
    const detected = await Promise.all(
      FORMATS.map(
        async (format) =>
          (await readConversations(join(directory, `${format}.jsonl`)))[0]!
            .format ?? 'openai-chat',
      ),
    );
    expect(detected).toEqual([
      'openai-chat',
      'openai-responses',
      'anthropic',
      'ai-sdk',
      'langchain',
      'langchain',
    ]);
  });

  it('should print identical figures for the conversation in every format', async () => {
    const results: unknown[] = [];
    for (const format of FORMATS) {
      const out = join(directory, `${format}.json`);
      let stderr = '';
      const code = await runCli(
        [
          'simulate',
          join(directory, `${format}.jsonl`),
          '--max-token',
          '8000',
          '--counter',
          'approximate',
          '--out',
          out,
          '--html',
          join(directory, `${format}.html`),
        ],
        {
          stdout: { write: () => true },
          stderr: {
            write: (text: string) => {
              stderr += text;
              return true;
            },
          },
          env: {},
          cwd: directory,
        },
      );
      expect(stderr).not.toContain('acm:');
      expect(code).toBe(0);
      results.push(
        figuresOf(JSON.parse(await readFile(out, 'utf8')) as SimulationResult),
      );
    }
    const [reference, ...others] = results;
    const first = (
      reference as { figures: SimulationResult['aggregate'] }[]
    )[0]!;
    // The replay compressed: the figures compared are not trivial.
    expect(first.figures.events).toBeGreaterThan(0);
    expect(first.figures.peakManagedTokens).toBeLessThan(
      first.figures.peakRawTokens,
    );
    for (const other of others) expect(other).toEqual(reference);
  });

  it('should name the line, the path and the accepted formats of a message it cannot read', async () => {
    const path = join(directory, 'bad.jsonl');
    const record = {
      id: 'bad',
      system: 'be brief',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'server_tool_use', id: 'x' }] },
      ],
    };
    await writeFile(
      path,
      `${JSON.stringify({ messages: [] })}\n${JSON.stringify(record)}\n`,
    );
    let stderr = '';
    const code = await runCli(['simulate', path, '--counter', 'approximate'], {
      stdout: { write: () => true },
      stderr: {
        write: (text: string) => {
          stderr += text;
          return true;
        },
      },
      env: {},
      cwd: directory,
    });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `acm: Conversation "bad" (${path}:2), read as anthropic: messages[1].content[0].type (invalid-content): unknown Anthropic block type "server_tool_use". Accepted formats (--format): openai-chat, openai-responses, anthropic, ai-sdk, langchain;`,
    );
  });
});
