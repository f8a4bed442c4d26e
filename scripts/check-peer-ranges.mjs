#!/usr/bin/env node
// Every peer dependency of every published package (packages/*, not private) has an upper bound, so
// that a new major of a framework (a breaking change we have not tested) is reported by the user's
// package manager instead of failing at run time: `>=1.0.0 <2`, `^1.0.10`, `~8.11.0` or `1.2.3`
// pass; `>=1.0.0`, `*` and `latest` fail. Prints each offender and exits 1 when there is one.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Whether every alternative (`a || b`) of `range` is bounded above. */
export function hasUpperBound(range) {
  return range.split('||').every((alternative) => {
    const comparators = alternative.trim().split(/\s+/);
    if (comparators.length === 3 && comparators[1] === '-') return true; // 1.0.0 - 2.0.0
    return comparators.some(
      (comparator) =>
        /^<=?\s*\d/.test(comparator) ||
        /^[~^]\d/.test(comparator) ||
        /^=?\d+\.\d+\.\d+(-[\w.]+)?$/.test(comparator),
    );
  });
}

const problems = [];
let checked = 0;
for (const entry of readdirSync(join(root, 'packages'), {
  withFileTypes: true,
})) {
  const manifestPath = join(root, 'packages', entry.name, 'package.json');
  if (!entry.isDirectory() || !existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.private === true) continue;
  for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
    checked++;
    if (!hasUpperBound(range)) {
      problems.push(
        `${manifest.name}: peer ${name} "${range}" has no upper bound (write e.g. ">=1.0.0 <2")`,
      );
    }
  }
}
for (const problem of problems) console.log(problem);
console.log(
  `${checked - problems.length} of ${checked} peer ranges have an upper bound`,
);
process.exit(problems.length === 0 ? 0 : 1);
