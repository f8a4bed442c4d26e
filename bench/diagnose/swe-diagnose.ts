/**
 * Where the SWE quality figures come from: prompt-prefix breaks by the
 * strategies that applied on that turn, retention misses, budget violations.
 *
 *   cd bench && npx tsx --conditions=@acm/source diagnose/swe-diagnose.ts [maxToken] [--limit N]
 */
import { parseArgs } from 'node:util';
import { formatPercent } from '@acm/cli';
import { readDataset } from '../lib/read-dataset';
import { simulateReplay } from '../lib/simulate-replay';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { limit: { type: 'string' }, id: { type: 'string' } },
});
const maxToken = Number(positionals[0] ?? 6000);
let conversations = await readDataset('swe');
if (values.id !== undefined)
  conversations = conversations.filter((c) => c.id === values.id);
if (values.limit !== undefined)
  conversations = conversations.slice(0, Number(values.limit));
const result = await simulateReplay({ conversations, maxToken });
const a = result.aggregate;
console.log(
  `SWE @ ${maxToken}: ${a.turns} turns; prefix ${formatPercent(a.prefixReuse.share)} (${a.prefixReuse.part}/${a.prefixReuse.total}); retention w/o lists ${formatPercent(a.identifierRetentionWithoutLists.share)} (${a.identifierRetentionWithoutLists.part}/${a.identifierRetentionWithoutLists.total}); counted ${formatPercent(a.identifierRetention.share)}; savings ${formatPercent(a.cumulativeSavings)}; list share ${formatPercent(a.listTokenShare.share)}; violations ${a.budgetViolations} (${a.worstBudgetRatio}); depth ${a.reloadDepth.maxOverTurns}; task ${formatPercent(a.taskVisibility.share)}`,
);
const breaks = new Map<string, number>();
for (const conversation of result.conversations) {
  for (const turn of conversation.turns) {
    if (turn.prefixReused === false) {
      const key = turn.strategies.join('+') || '(none)';
      breaks.set(key, (breaks.get(key) ?? 0) + 1);
    }
  }
}
console.log('prefix breaks by strategies applied that turn:');
for (const [key, count] of [...breaks].sort((x, y) => y[1] - x[1]))
  console.log(`  ${key}: ${count}`);
const passes = new Map<string, number>();
for (const conversation of result.conversations)
  for (const event of conversation.events)
    passes.set(event.strategy, (passes.get(event.strategy) ?? 0) + 1);
console.log('applied events by strategy:', Object.fromEntries(passes));
console.log(
  'savings by strategy:',
  Object.fromEntries(
    Object.entries(a.strategies).map(([k, v]) => [k, v.tokensSaved]),
  ),
);
const perConv = result.conversations
  .map((c) => ({
    id: c.id,
    turns: c.figures.turns,
    prefix: c.figures.prefixReuse.share,
    ret: c.figures.identifierRetentionWithoutLists,
    viol: c.figures.budgetViolations,
  }))
  .sort((x, y) => (x.prefix ?? 1) - (y.prefix ?? 1));
console.log('worst prefix reuse:');
for (const c of perConv.slice(0, 8))
  console.log(
    `  ${c.id} turns ${c.turns} prefix ${formatPercent(c.prefix)} ret ${c.ret.part}/${c.ret.total} viol ${c.viol}`,
  );
const missing = new Map<string, number>();
for (const c of result.conversations)
  for (const m of c.missingIdentifiers) {
    const probe = m.replace(/^\d+: /, '');
    missing.set(probe, (missing.get(probe) ?? 0) + 1);
  }
console.log(
  'missing sample:',
  result.conversations
    .flatMap((c) =>
      c.missingIdentifiers.slice(0, 4).map((m) => `${c.id.slice(4, 30)} ${m}`),
    )
    .slice(0, 60)
    .join('\n  '),
);
if (values.id !== undefined) {
  for (const c of result.conversations)
    for (const t of c.turns)
      console.log(
        `${t.index}\traw ${t.rawTokens}\tmanaged ${t.managedTokens} (${t.managedMessages} msgs)\tprefix ${t.prefixReused}\t${t.strategies.join('+')}\tret ${t.identifiersRetainedWithoutLists}/${t.identifiersEarlier}`,
      );
}
for (const c of result.conversations)
  for (const t of c.turns)
    if (t.unexcusedOverBudget)
      console.log(
        `VIOLATION ${c.id} turn ${t.index}: managed ${t.managedTokens} protected ${t.protectedTokens} strategies ${t.strategies.join('+')}`,
      );
