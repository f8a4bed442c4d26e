import { describe, expect, it } from 'vitest';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import { AutoContextMemory } from '../../memory/facade/auto-context-memory';
import { createExtractiveSummarizer } from '../summarizer/create-extractive-summarizer';
import { loadSharedConversationsAsCore } from '../../testing/load-shared-conversations-as-core';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { LEDGER_MAX_CHARS, LEDGER_PREFIX } from './render-ledger';

const conversations = [
  ...loadSharedConversationsAsCore({ dataset: 'swe', limit: 2 }),
  ...loadSharedConversationsAsCore({ dataset: 'tau', limit: 3 }),
];

describe('identifier ledgers on shared data', () => {
  it.each(conversations.map((conversation) => [conversation.id, conversation]))(
    'should write at most one capped ledger line per ACM message, never nested and without call ids (%s)',
    async (_id, conversation) => {
      const maxToken = conversation.dataset === 'tau' ? 2000 : 6000;
      const memory = new AutoContextMemory({
        sessionId: 'shared',
        config: { maxToken },
        summarizer: createExtractiveSummarizer(),
        counter: createApproximateTokenCounter(),
        generateId: sequentialIds('id'),
      });
      let acmMessages = 0;
      const violations: string[] = [];
      for (const message of conversation.messages.slice(0, 120)) {
        if (message.role === 'assistant') {
          await memory.compressIfNeeded();
          for (const written of memory.getMessages()) {
            if (getAcmMarker(written) === undefined) continue;
            acmMessages += 1;
            const text = written.content
              .map((part) =>
                part.type === 'tool-result'
                  ? stringifyToolOutput(part.output)
                  : part.type === 'text'
                    ? part.text
                    : '',
              )
              .join('\n');
            const ledgers = text
              .split('\n')
              .filter((line) => line.includes(LEDGER_PREFIX.trim()));
            if (ledgers.length > 1)
              violations.push(`${ledgers.length} ledgers in ${written.id}`);
            for (const line of ledgers) {
              const wrong =
                !line.startsWith(LEDGER_PREFIX) ||
                line.length > LEDGER_MAX_CHARS ||
                line.indexOf(LEDGER_PREFIX, 1) !== -1 ||
                /\b(?:call|toolu)_\w*\d/.test(line);
              if (wrong) violations.push(line);
            }
          }
        }
        await memory.addMessage(message);
      }
      expect(violations).toEqual([]);
      // Short runs may never need compressing; the long ones must have been.
      expect(acmMessages > 0 || conversation.messages.length <= 60).toBe(true);
    },
    60_000,
  );
});
