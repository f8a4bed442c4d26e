/**
 * Prints the managed prompt of one shared conversation at one turn, as the
 * model would see it (roles, text, tool calls and results), after replaying it
 * through AutoContextMemory with default config except maxToken.
 *
 *   cd bench && npx tsx --conditions=@acm/source diagnose/print-managed-prompt.ts <conversation id> <maxToken> [message index]
 */
import { getAcmMarker } from '@acm/core';
import type { Message } from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { createReplayMemory } from '../lib/replay-memory';

const [id, budget, at] = process.argv.slice(2);
const conversation = loadSharedConversations().find(
  (candidate) => candidate.id === id,
);
if (conversation === undefined) throw new Error(`no conversation ${id}`);
const messages = fromSharedMessages(conversation.messages);
const stopAt = at === undefined ? messages.length : Number(at);
const { memory, counter } = createReplayMemory({
  sessionId: conversation.id,
  maxToken: Number(budget),
  idPrefix: 'r',
});
for (const [index, message] of messages.entries()) {
  if (index >= stopAt) break;
  if (message.role === 'assistant') await memory.compressIfNeeded();
  await memory.addMessage(message);
}
const last = await memory.compressIfNeeded();
const prompt = memory.getMessages();
console.log(
  `# ${id} @ ${budget}, before message ${stopAt}: ${prompt.length} messages, ${counter.countMessages(prompt)} tokens; passes: ${last.passes.map((pass) => `${pass.strategy}:${pass.outcome}`).join(', ')}`,
);
for (const message of prompt) print(message);

function print(message: Message): void {
  const marker = getAcmMarker(message);
  console.log(
    `\n--- ${message.role}${marker === undefined ? '' : ` (${marker.kind})`} [${counter.countMessage(message)} tokens]`,
  );
  for (const part of message.content) {
    if (part.type === 'text') console.log(part.text);
    if (part.type === 'reasoning') console.log(`(reasoning) ${part.text}`);
    if (part.type === 'tool-call') {
      console.log(
        `→ ${part.toolName}(${typeof part.input === 'string' ? part.input : JSON.stringify(part.input)})`,
      );
    }
    if (part.type === 'tool-result') {
      console.log(
        `← ${part.toolName}: ${typeof part.output === 'string' ? part.output : JSON.stringify(part.output)}`,
      );
    }
  }
}
