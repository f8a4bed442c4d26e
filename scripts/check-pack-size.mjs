#!/usr/bin/env node
// What each published package (packages/*, not private) would put on npm: runs `npm pack --dry-run --json`
// in it (offline; run after the build), prints packed / unpacked size and file count, and fails when a
// tarball ships source maps or `src/`, or when @acm/core is over issue #28's budget (0.6 MB packed,
// 2.5 MB unpacked). ADR: docs/decisions/2026-11-28-lean-tarballs.md.
//
//   node scripts/check-pack-size.mjs [--json FILE]   --json writes the figures to FILE
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const jsonIndex = process.argv.indexOf('--json');
const jsonPath = jsonIndex === -1 ? undefined : process.argv[jsonIndex + 1];

/** Byte budgets per package name; a package without one only gets the content checks. */
const BUDGETS = {
  '@acm/core': { packed: 600_000, unpacked: 2_500_000 },
};

const kilobytes = (bytes) => `${(bytes / 1000).toFixed(0)} kB`;
const figures = [];
const problems = [];
for (const entry of readdirSync(join(root, 'packages'), {
  withFileTypes: true,
}).sort((a, b) => a.name.localeCompare(b.name))) {
  const directory = join(root, 'packages', entry.name);
  const manifestPath = join(directory, 'package.json');
  if (!entry.isDirectory() || !existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.private === true) continue;
  const result = spawnSync('npm', ['pack', '--dry-run', '--json'], {
    cwd: directory,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    problems.push(`${manifest.name}: npm pack failed\n${result.stderr}`);
    continue;
  }
  const [pack] = JSON.parse(result.stdout);
  const paths = pack.files.map((file) => file.path);
  const figure = {
    name: manifest.name,
    packed: pack.size,
    unpacked: pack.unpackedSize,
    files: pack.entryCount,
  };
  figures.push(figure);
  console.log(
    `${figure.name.padEnd(22)} ${kilobytes(figure.packed).padStart(8)} packed ${kilobytes(figure.unpacked).padStart(9)} unpacked ${String(figure.files).padStart(4)} files`,
  );
  const maps = paths.filter((path) => path.endsWith('.map'));
  if (maps.length > 0)
    problems.push(`${manifest.name}: ships ${maps.length} source maps`);
  if (paths.some((path) => path.startsWith('src/')))
    problems.push(`${manifest.name}: ships src/`);
  if (!paths.includes('README.md'))
    problems.push(`${manifest.name}: has no README.md`);
  const budget = BUDGETS[manifest.name];
  if (budget !== undefined && figure.packed > budget.packed)
    problems.push(
      `${manifest.name}: ${kilobytes(figure.packed)} packed, over ${kilobytes(budget.packed)}`,
    );
  if (budget !== undefined && figure.unpacked > budget.unpacked)
    problems.push(
      `${manifest.name}: ${kilobytes(figure.unpacked)} unpacked, over ${kilobytes(budget.unpacked)}`,
    );
}

if (jsonPath !== undefined)
  writeFileSync(jsonPath, `${JSON.stringify(figures, null, 2)}\n`);
for (const problem of problems) console.error(`check-pack-size: ${problem}`);
console.log(
  `check-pack-size: ${figures.length} packages, ${problems.length} problems`,
);
process.exit(problems.length === 0 ? 0 : 1);
