/**
 * Prints the managed prompt of one shared conversation at a budget, at a turn,
 * as the model would read it (roles, text, tool calls and results, cut at
 * 600 characters per part for reading).
 *
 *   cd bench && npx tsx --conditions=@acm/source print-managed-prompt.ts swe 6000 [conversation index] [turn]
 */
import {
  AutoContextMemory,
  createTiktokenTokenCounter,
  fromOpenAIMessages,
  stringifyToolOutput,
} from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';

const [dataset = 'swe', budget = '6000', index = '0', turnArgument] =
  process.argv.slice(2);
const conversation = loadSharedConversations({
  dataset: dataset as 'swe' | 'tau',
})[Number(index)]!;
const messages = fromOpenAIMessages(conversation.messages, {
  invalidToolArguments: 'keep-raw',
  orphanToolResults: 'keep',
});
let sequence = 0;
const counter = createTiktokenTokenCounter();
const memory = new AutoContextMemory({
  sessionId: conversation.id,
  config: { maxToken: Number(budget) },
  counter,
  generateId: () => (sequence++).toString(36).padStart(6, '0'),
});
const stopAt =
  turnArgument === undefined ? messages.length : Number(turnArgument);
let turn = 0;
for (const message of messages) {
  if (message.role === 'assistant') {
    await memory.compressIfNeeded();
    turn++;
    if (turn >= stopAt) break;
  }
  await memory.addMessage(message);
}
const cut = (text: string) =>
  text.length <= 600
    ? text
    : `${text.slice(0, 400)} …(${text.length} chars)… ${text.slice(-150)}`;
const prompt = memory.getMessages();
console.log(
  `# ${conversation.id} @ ${budget}, turn ${turn}: ${prompt.length} messages, ${counter.countMessages(prompt)} tokens (raw ${counter.countMessages(memory.getOriginalMessages())})`,
);
for (const message of prompt) {
  const kind = (message.metadata?.acm as { kind?: string } | undefined)?.kind;
  console.log(`\n## ${message.role}${kind === undefined ? '' : ` [${kind}]`}`);
  for (const part of message.content) {
    if (part.type === 'text' || part.type === 'reasoning')
      console.log(cut(part.text));
    else if (part.type === 'tool-call')
      console.log(
        `→ ${part.toolName}(${cut(stringifyToolOutput(part.input))})`,
      );
    else if (part.type === 'tool-result')
      console.log(`← ${cut(stringifyToolOutput(part.output))}`);
  }
}
