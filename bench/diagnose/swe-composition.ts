/** Composition of SWE managed prompts right after a compression, by message kind (diagnostic). */
import { getAcmMarker } from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { createReplayMemory } from '../lib/replay-memory';

const maxToken = Number(process.argv[2] ?? 6000);
const sums = new Map<string, number>();
let samples = 0;
let rewrites = 0;
for (const conversation of loadSharedConversations().filter((c) =>
  c.id.startsWith('swe/'),
)) {
  const messages = fromSharedMessages(conversation.messages);
  const { memory, counter } = createReplayMemory({
    sessionId: conversation.id,
    maxToken,
  });
  for (const message of messages) {
    if (message.role === 'assistant') {
      const result = await memory.compressIfNeeded();
      if (result.events.some((e) => e.type === 'compression')) {
        rewrites++;
        samples++;
        const prompt = memory.getMessages();
        let lastUser = -1;
        prompt.forEach((m, i) => {
          if (m.role === 'user' && getAcmMarker(m) === undefined) lastUser = i;
        });
        prompt.forEach((m, i) => {
          const marker = getAcmMarker(m);
          const key =
            m.role === 'system'
              ? 'system'
              : i === lastUser
                ? 'task'
                : marker !== undefined
                  ? `${marker.kind}/${m.role}`
                  : i >= prompt.length - 4
                    ? `verbatim-tail/${m.role}`
                    : `verbatim/${m.role}`;
          sums.set(key, (sums.get(key) ?? 0) + counter.countMessage(m));
        });
        sums.set(
          'TOTAL',
          (sums.get('TOTAL') ?? 0) + counter.countMessages(prompt),
        );
      }
    }
    await memory.addMessage(message);
  }
}
console.log(
  `@${maxToken}: ${rewrites} compressions; mean tokens per kind right after one:`,
);
for (const [k, v] of [...sums].sort((a, b) => b[1] - a[1]))
  console.log(`  ${k}: ${(v / samples).toFixed(0)}`);
