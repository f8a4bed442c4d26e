/**
 * Where prompt-prefix reuse is lost on the SWE runs (diagnostic for issue #11
 * item 4): every turn whose managed prompt does not start with the previous
 * one (`isPromptPrefix` from `@acm/cli`, the figure of `acm simulate`) is a
 * break. For each break it records the strategies applied that turn, the
 * first message that differs (its kind in the previous prompt and its
 * position), the share of the previous prompt's tokens still cached, the
 * prompt size before and after the rewrite, and the turns since the previous
 * break. Replayed as `acm simulate` does: default config except `maxToken`,
 * extractive summarizer, o200k counter.
 *
 *   cd bench && npx tsx --conditions=@acm/source diagnose/swe-prefix-breaks.ts [maxToken] [--limit N] [--id ID [--passes]] [--gap N]
 *
 * `--id` prints every break of one run (`--passes`: the passes of every turn);
 * `--gap N` prints the breaks that come at most N turns after the previous one.
 */
import { parseArgs } from 'node:util';
import { getAcmMarker } from '@acm/core';
import type { Message } from '@acm/core';
import { loadSharedConversations } from '@acm/core/testing';
import { isSameWireMessage } from '@acm/cli';
import { fromSharedMessages } from '../lib/from-shared-messages';
import { createReplayMemory } from '../lib/replay-memory';
import { median } from '../lib/stats';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    limit: { type: 'string' },
    id: { type: 'string' },
    gap: { type: 'string' },
    passes: { type: 'boolean' },
  },
});
const maxToken = Number(positionals[0] ?? 6000);
let conversations = loadSharedConversations().filter((conversation) =>
  conversation.id.startsWith('swe/'),
);
if (values.id !== undefined)
  conversations = conversations.filter((c) => c.id === values.id);
if (values.limit !== undefined)
  conversations = conversations.slice(0, Number(values.limit));

interface Break {
  readonly strategies: string;
  /** Kind of the previous prompt's message at the first difference. */
  readonly at: string;
  readonly index: number;
  readonly cachedShare: number;
  readonly before: number;
  readonly after: number;
  readonly gap: number;
  /** Tokens of the new prompt by part: system, task, digest, in flight, rest. */
  readonly landing: Readonly<Record<string, number>>;
}

/** Tokens of `prompt` by part (the in-flight exchange is the last assistant message with its results). */
function composition(
  prompt: readonly Message[],
  count: (message: Message) => number,
): Record<string, number> {
  const parts: Record<string, number> = {
    system: 0,
    task: 0,
    digest: 0,
    'in flight': 0,
    'other ACM': 0,
    'verbatim consumed': 0,
    'verbatim notes': 0,
  };
  let lastAssistant = prompt.length;
  for (let index = prompt.length - 1; index >= 0; index--) {
    if (prompt[index]!.role === 'assistant') {
      lastAssistant = index;
      break;
    }
  }
  const firstUser = prompt.findIndex((m) => m.role === 'user');
  prompt.forEach((message, index) => {
    const marker = getAcmMarker(message);
    const key =
      message.role === 'system'
        ? 'system'
        : index === firstUser
          ? 'task'
          : index >= lastAssistant
            ? 'in flight'
            : marker?.kind === 'tool-run-summary'
              ? 'digest'
              : marker !== undefined
                ? 'other ACM'
                : message.role === 'tool' ||
                    message.content.some((part) => part.type === 'tool-call')
                  ? 'verbatim consumed'
                  : 'verbatim notes';
    parts[key] = (parts[key] ?? 0) + count(message);
  });
  return parts;
}

function kindOf(prompt: readonly Message[], index: number): string {
  const message = prompt[index];
  if (message === undefined) return '(shorter)';
  if (message.role === 'system') return 'system';
  const marker = getAcmMarker(message);
  if (marker !== undefined) return `${marker.kind}:${marker.strategy ?? '-'}`;
  const firstUser = prompt.findIndex(
    (m) => m.role === 'user' && getAcmMarker(m) === undefined,
  );
  if (index === firstUser) return 'task (verbatim)';
  return `verbatim ${message.role}`;
}

const breaks: Break[] = [];
let turns = 0;
let compared = 0;
for (const conversation of conversations) {
  const messages = fromSharedMessages(conversation.messages);
  const { memory, counter } = createReplayMemory({
    sessionId: conversation.id,
    maxToken,
  });
  let previous: readonly Message[] | undefined;
  let lastBreak = 0;
  let turn = 0;
  for (const [messageIndex, message] of messages.entries()) {
    if (message.role === 'assistant') {
      const before = counter.countMessages(memory.getMessages());
      const result = await memory.compressIfNeeded();
      if (values.passes === true && values.id !== undefined)
        console.log(
          turn + 1,
          result.passes.map((p) => `${p.strategy}:${p.outcome}`).join(', '),
        );
      const prompt = memory.getMessages();
      turns++;
      turn++;
      if (previous !== undefined) {
        compared++;
        let index = 0;
        while (
          index < previous.length &&
          index < prompt.length &&
          isSameWireMessage(previous[index]!, prompt[index]!)
        )
          index++;
        if (index < previous.length) {
          const strategies = [
            ...new Set(
              result.events.flatMap((event) =>
                event.type === 'compression' ? [event.strategy] : [],
              ),
            ),
          ];
          breaks.push({
            strategies: strategies.join('+') || '(none)',
            at: kindOf(previous, index),
            index,
            cachedShare:
              counter.countMessages(previous.slice(0, index)) /
              counter.countMessages(previous),
            before,
            after: counter.countMessages(prompt),
            gap: turn - lastBreak,
            landing: composition(prompt, (m) => counter.countMessage(m)),
          });
          const gap = breaks[breaks.length - 1]!.gap;
          lastBreak = turn;
          if (
            values.id !== undefined ||
            (values.gap !== undefined && gap <= Number(values.gap))
          )
            console.log(
              `${conversation.id} turn ${turn} message ${messageIndex} (gap ${gap}): ${strategies.join('+')} at ${index} (${kindOf(previous, index)}), ${before} → ${counter.countMessages(prompt)} ${JSON.stringify(breaks[breaks.length - 1]!.landing)}`,
            );
        }
      }
      previous = prompt;
    }
    await memory.addMessage(message);
  }
}

const percent = (value: number): string => `${(value * 100).toFixed(1)} %`;
console.log(
  `SWE @ ${maxToken}: ${conversations.length} runs, ${turns} turns, ${compared} compared, ${breaks.length} breaks, prefix reuse ${percent(1 - breaks.length / compared)}`,
);
function table(title: string, key: (b: Break) => string): void {
  const groups = new Map<string, Break[]>();
  for (const b of breaks) {
    const k = key(b);
    groups.set(k, [...(groups.get(k) ?? []), b]);
  }
  console.log(`\n${title}`);
  console.log(
    '  count | cached share (median) | before → after (median) | turns since previous break (median, share ≤ 2)',
  );
  for (const [k, group] of [...groups].sort(
    (x, y) => y[1].length - x[1].length,
  )) {
    console.log(
      `  ${String(group.length).padStart(5)} ${k}: cached ${percent(median(group.map((b) => b.cachedShare)))}, ${median(group.map((b) => b.before)).toFixed(0)} → ${median(group.map((b) => b.after)).toFixed(0)}, gap ${median(group.map((b) => b.gap))} (${percent(group.filter((b) => b.gap <= 2).length / group.length)})`,
    );
  }
}
table('by strategies applied that turn', (b) => b.strategies);
table('by the first message that differs', (b) => b.at);
table('by strategies × first difference', (b) => `${b.strategies} @ ${b.at}`);
table('by what stays verbatim after the break', (b) =>
  b.landing['verbatim consumed']! > 0
    ? 'consumed exchanges kept verbatim'
    : 'no consumed exchange kept verbatim',
);
table('by the task right after the break', (b) =>
  b.landing.task! > maxToken * 0.25
    ? 'task over 25 % of maxToken'
    : 'task within 25 % of maxToken',
);
table('by first differing index', (b) =>
  b.index <= 3 ? `index ${b.index}` : 'index ≥ 4',
);
table('by prompt size before the turn', (b) =>
  b.before >= maxToken
    ? 'at/over maxToken'
    : `${Math.floor((b.before / maxToken) * 10) * 10}–${Math.floor((b.before / maxToken) * 10) * 10 + 10} % of maxToken`,
);

console.log('\nmean tokens of the prompt right after a break, by part');
const sums: Record<string, number> = {};
for (const b of breaks)
  for (const [k, v] of Object.entries(b.landing)) sums[k] = (sums[k] ?? 0) + v;
for (const [k, v] of Object.entries(sums))
  console.log(`  ${k}: ${(v / breaks.length).toFixed(0)}`);
const gaps = new Map<number, number>();
for (const b of breaks)
  gaps.set(Math.min(b.gap, 12), (gaps.get(Math.min(b.gap, 12)) ?? 0) + 1);
console.log(
  'turns since the previous break (12 = 12 or more):',
  [...gaps]
    .sort((x, y) => x[0] - y[0])
    .map(([g, n]) => `${g}: ${n}`)
    .join(', '),
);
