/**
 * Where the ground-truth action arguments a tau-bench turn no longer shows
 * went: for every compressed turn (as `quality.ts` counts them) and every
 * argument already said earlier (outside the system prompt) but not visible
 * in the managed prompt once ACM's identifier lists are removed, which
 * message said it and what became of that message: replaced by which ACM
 * message (strategy), whether that message's text still holds the argument
 * in a list line only, whether the original was in the current round, and
 * how much summary the replacement carries.
 *
 *   cd bench && npx tsx --conditions=@acm/source diagnose/tau-diagnose.ts [maxToken] [--limit N]
 */
import { getAcmMarker } from '@acm/core';
import type { Message } from '@acm/core';
import { fromConversationMessages } from '@acm/core/formats';
import { renderTranscript, writeSectionedSummary } from '@acm/core/internal';
import {
  collectGroundTruthArguments,
  containsProbe,
  findProtectedMessages,
  getVisibleText,
  splitIdentifierLists,
} from '@acm/cli';
import { createReplayMemory } from '../lib/replay-memory';
import { readTauDiagnoseRun } from './read-tau-diagnose-run';

const { maxToken, verbose, conversations, tally, add } =
  await readTauDiagnoseRun();
let earlierTotal = 0;
let visibleTotal = 0;

for (const conversation of conversations) {
  const messages = fromConversationMessages(
    conversation.format ?? 'openai-chat',
    conversation,
  );
  const truth = collectGroundTruthArguments(conversation.expectedActions ?? []);
  if (truth.length === 0) continue;
  const { memory, counter } = createReplayMemory({
    sessionId: conversation.id,
    maxToken,
  });
  const originalText = new Map<string, string>();
  let systemText = '';
  let roundStart = 0;
  for (const [index, message] of messages.entries()) {
    if (message.role === 'assistant') {
      await memory.compressIfNeeded();
      const prompt = memory.getMessages();
      const written = prompt.map((m) => {
        const marker = getAcmMarker(m);
        const text = getVisibleText(m);
        return marker === undefined
          ? m.role !== 'system' && originalText.get(m.id) !== text
          : marker.kind !== 'injected';
      });
      if (written.some(Boolean)) {
        const rest = prompt
          .map((m, i) =>
            written[i]
              ? splitIdentifierLists(getVisibleText(m)).rest
              : getVisibleText(m),
          )
          .join('\n');
        const full = prompt.map(getVisibleText).join('\n');
        const inPrompt = new Set(prompt.map((m) => m.id));
        const room =
          maxToken -
          counter.countMessages(
            findProtectedMessages(prompt, { pinnedTools: [] }),
          );
        const roomClass =
          room < 0
            ? 'room <0'
            : room < 200
              ? 'room 0-199'
              : room < 400
                ? 'room 200-399'
                : 'room ≥400';
        const originals = memory.getOriginalMessages();
        // Which working message stands for each original (transitively).
        const standsFor = new Map<string, Message>();
        for (const m of prompt) {
          const marker = getAcmMarker(m);
          if (marker?.offloadId === undefined || m.role === 'user') continue;
          const visit = (offloadId: string, depth: number) => {
            const entry = memory.reload(offloadId);
            if (entry === undefined || depth > 5) return;
            for (const original of entry) {
              if (!standsFor.has(original.id)) standsFor.set(original.id, m);
              const inner = getAcmMarker(original)?.offloadId;
              if (inner !== undefined) visit(inner, depth + 1);
            }
          };
          visit(marker.offloadId, 0);
          for (const id of marker.replaces ?? [])
            if (!standsFor.has(id)) standsFor.set(id, m);
        }
        for (const value of truth) {
          if (containsProbe(systemText, value)) continue;
          const sayers = originals.filter(
            (o) =>
              o.role !== 'system' &&
              containsProbe(originalText.get(o.id) ?? '', value),
          );
          if (sayers.length === 0) continue;
          earlierTotal++;
          add(`~ all in ${roomClass}`);
          if (containsProbe(rest, value)) {
            visibleTotal++;
            add(`~ visible in ${roomClass}`);
            continue;
          }
          if (containsProbe(full, value)) {
            add('lists only');
            continue;
          }
          // The latest original that said it.
          const sayer = sayers[sayers.length - 1]!;
          const position = originals.indexOf(sayer);
          const current =
            position >= roundStart ? 'current round' : 'earlier round';
          if (inPrompt.has(sayer.id)) {
            add(`in prompt but not visible? (${current})`);
            continue;
          }
          const by = standsFor.get(sayer.id);
          const marker = by === undefined ? undefined : getAcmMarker(by);
          const text = by === undefined ? '' : getVisibleText(by);
          const lines = text.split('\n').length;
          const bodyless = lines <= 2;
          const where = `${marker?.strategy ?? 'unknown'}${
            marker?.strategy === 'lastResort' ||
            marker?.strategy === 'rollupHistory'
              ? bodyless
                ? ' (header only)'
                : ' (with summary)'
              : ''
          }`;
          add(`folded: ${where}; ${current}; said by ${sayer.role}`);
          if (marker?.offloadId !== undefined && !bodyless) {
            const transcript = renderTranscript(
              memory.reload(marker.offloadId),
            );
            const roomy = writeSectionedSummary(transcript, 4000);
            add(
              `= ${marker.strategy} with summary: ${containsProbe(roomy, value) ? 'dropped for room (a 4000-char summary has it)' : 'not in a 4000-char summary either'}`,
            );
          }
          add(`= by strategy: ${marker?.strategy ?? 'unknown'}`);
          add(`= ${current}`);
          if (verbose)
            console.log(
              `${conversation.id} @${index} ${value}: ${where}; ${current}; ${sayer.role} #${position}`,
            );
        }
      }
    }
    await memory.addMessage(message);
    originalText.set(message.id, getVisibleText(message));
    if (message.role === 'system') systemText += `${getVisibleText(message)}\n`;
    if (message.role === 'user') roundStart = index;
  }
}
console.log(
  `tau @ ${maxToken}: ${visibleTotal}/${earlierTotal} visible without lists (${((100 * visibleTotal) / earlierTotal).toFixed(1)} %)`,
);
for (const [key, n] of [...tally].sort((a, b) => b[1] - a[1]))
  console.log(
    `${String(n).padStart(6)}  ${((100 * n) / earlierTotal).toFixed(1).padStart(5)} %  ${key}`,
  );
