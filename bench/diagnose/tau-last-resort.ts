/**
 * What the last resort folds on tau-bench at a small budget, and why the
 * strategies before it left that to it: for every `lastResort` edit, the
 * messages it replaced (by what they were: an original of the current round
 * or of an earlier one, or which ACM message) with their tokens, and per call
 * the passes that ran before it (strategy:outcome).
 *
 *   cd bench && npx tsx --conditions=@acm/source diagnose/tau-last-resort.ts [maxToken] [--limit N] [--verbose]
 */
import { getAcmMarker } from '@acm/core';
import type { Message } from '@acm/core';
import { fromConversationMessages } from '@acm/core/formats';
import { createReplayMemory } from '../lib/replay-memory';
import { readTauDiagnoseRun } from './read-tau-diagnose-run';

const { maxToken, verbose, conversations, tally, add } =
  await readTauDiagnoseRun();
let saved = 0;
const byStrategy = new Map<string, number>();

for (const conversation of conversations) {
  const messages = fromConversationMessages(
    conversation.format ?? 'openai-chat',
    conversation,
  );
  const { memory, counter } = createReplayMemory({
    sessionId: conversation.id,
    maxToken,
  });
  const known = new Map<string, Message>();
  const roundOf = new Map<string, number>();
  let round = 0;
  for (const [index, message] of messages.entries()) {
    if (message.role === 'assistant') {
      const before = memory.getMessages();
      for (const m of before) known.set(m.id, m);
      const result = await memory.compressIfNeeded();
      const prompt = memory.getMessages();
      const passes = result.passes
        .map((pass) => `${pass.strategy}:${pass.outcome}`)
        .join(' ');
      for (const event of result.events) {
        if (event.type !== 'compression') continue;
        const gain = event.tokensBefore - event.tokensAfter;
        saved += gain;
        byStrategy.set(
          event.strategy,
          (byStrategy.get(event.strategy) ?? 0) + gain,
        );
        if (event.strategy !== 'lastResort') continue;
        add(
          `passes before: ${passes.replace(/ lastResort:applied/g, '')}`,
          gain,
        );
        const stub = prompt.find(
          (m) => event.replacementIds.includes(m.id) && m.role === 'assistant',
        );
        const replaces =
          stub === undefined ? [] : (getAcmMarker(stub)?.replaces ?? []);
        if (stub === undefined) add('stub not in prompt', gain);
        else {
          const at = prompt.indexOf(stub);
          let request = -1;
          prompt.forEach((m, i) => {
            if (m.role === 'user' && getAcmMarker(m) === undefined) request = i;
          });
          const lastUserOriginal = [...messages.slice(0, index)]
            .reverse()
            .find((m) => m.role === 'user');
          const where =
            lastUserOriginal !== undefined &&
            (getAcmMarker(stub)?.replaces ?? []).includes(lastUserOriginal.id)
              ? 'fold takes the request in'
              : request < 0
                ? 'no request in prompt'
                : at > request
                  ? 'fold after the request (current round)'
                  : 'fold before the request (history)';
          add(`where: ${where}`, gain);
        }
        let spanTokens = 0;
        const parts: [string, number][] = [];
        for (const id of replaces) {
          const m = known.get(id);
          if (m === undefined) {
            parts.push(['made this call', 0]);
            continue;
          }
          const marker = getAcmMarker(m);
          const tokens = counter.countMessage(m);
          spanTokens += tokens;
          const what =
            marker === undefined
              ? `original ${roundOf.get(id) === round ? 'current round' : 'earlier round'} ${m.role}`
              : `acm ${marker.kind} ${m.role}`;
          parts.push([what, tokens]);
        }
        const unknown = event.tokensBefore - spanTokens;
        for (const [what, tokens] of parts)
          if (what !== 'made this call')
            add(`replaced: ${what}`, (gain * tokens) / event.tokensBefore);
        if (unknown > 0)
          add(
            'replaced: made earlier this call',
            (gain * unknown) / event.tokensBefore,
          );
        if (verbose)
          console.log(
            `${conversation.id} @${index} saved ${gain}: ${parts.map(([w, t]) => `${w}(${t})`).join(', ')} | ${passes}`,
          );
      }
    }
    await memory.addMessage(message);
    if (message.role === 'user') round++;
    roundOf.set(message.id, round);
  }
}
console.log(`tau @ ${maxToken}: saved ${saved}`);
for (const [name, n] of byStrategy)
  console.log(`  ${name} ${n} (${((100 * n) / saved).toFixed(1)} %)`);
const lr = byStrategy.get('lastResort') ?? 0;
for (const [key, n] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(
    `${String(Math.round(n)).padStart(7)}  ${((100 * n) / lr).toFixed(1).padStart(5)} %  ${key}`,
  );
