import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeConversation } from '../state/conversation/analyze-conversation';
import { InvalidMessageError } from '../vocabulary/error/invalid-message-error';
import { loadSharedConversations } from './load-shared-conversations';
import { loadSharedConversationsAsCore } from './load-shared-conversations-as-core';

const sandbox = mkdtempSync(join(tmpdir(), 'acm-load-core-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

describe('loadSharedConversationsAsCore', () => {
  it('should convert every conversation of both datasets, message for message', () => {
    const raw = loadSharedConversations();
    const core = loadSharedConversationsAsCore();
    expect(core).toHaveLength(259);
    core.forEach((conversation, index) => {
      expect(conversation.id).toBe(raw[index]!.id);
      expect(conversation.extra).toBe(raw[index]!.extra);
      expect(conversation.messages).toHaveLength(raw[index]!.messages.length);
    });
  });

  it('should give SWE runs large tool outputs and tau runs many user turns', () => {
    const swe = loadSharedConversationsAsCore({ dataset: 'swe', limit: 1 })[0]!;
    expect(swe.messages[0]!.role).toBe('system');
    expect(swe.messages.some((message) => message.role === 'tool')).toBe(true);
    expect(swe.messages[2]!.content.map((part) => part.type)).toContain(
      'tool-call',
    );

    const tau = loadSharedConversationsAsCore({ dataset: 'tau' });
    const maxRounds = Math.max(
      ...tau.map(
        (conversation) =>
          analyzeConversation(conversation.messages).rounds.length,
      ),
    );
    expect(maxRounds).toBeGreaterThanOrEqual(10);
  });

  it('should cache default conversions and not conversions with options', () => {
    const first = loadSharedConversationsAsCore({ dataset: 'tau', limit: 2 });
    const second = loadSharedConversationsAsCore({ dataset: 'tau', limit: 2 });
    expect(second[1]).toBe(first[1]);
    expect(Object.isFrozen(first[1]!.messages[0])).toBe(true);
    const custom = loadSharedConversationsAsCore({
      dataset: 'tau',
      limit: 2,
      convert: { generateId: (index) => `tau-${index}` },
    });
    expect(custom[1]).not.toBe(first[1]);
    expect(custom[1]!.messages[0]!.id).toBe('tau-0');
    expect(first[1]!.messages[0]!.id).toBe('msg-0');
  });

  it('should name the conversation that does not convert', () => {
    const file = join(sandbox, 'orphan.jsonl');
    const record = {
      id: 'broken/1',
      source: 'test',
      messages: [{ role: 'tool', tool_call_id: 'call_9', content: 'orphan' }],
    };
    writeFileSync(file, `${JSON.stringify(record)}\n`);
    let caught: unknown;
    try {
      loadSharedConversationsAsCore({ file });
    } catch (error) {
      caught = error;
    }
    expect((caught as Error).message).toMatch(
      /^Shared conversation broken\/1 \(custom\) does not convert to core messages: /,
    );
    expect(InvalidMessageError.isInstance((caught as Error).cause)).toBe(true);
  });
});
