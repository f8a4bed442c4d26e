#!/usr/bin/env node
// Runs every check the repository has (build, typecheck, lint, packaging, formatting, tests)
// and ends with the line CI reads: "N passed, N failed". Each non-test check
// counts as one; every vitest test counts as one.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const steps = [
  ['build', 'turbo run build --output-logs=errors-only'],
  // Every public entry's dist declarations against its dist JavaScript: no phantom value, no name only
  // @acm/core/internal exports.
  ['dist-types', 'node scripts/check-dist-types.mjs'],
  ['typecheck', 'turbo run typecheck --output-logs=errors-only'],
  ['lint', 'turbo run lint --output-logs=errors-only'],
  ['package', 'turbo run test:package --output-logs=errors-only'],
  // What npm would publish: sizes per package, no maps or src/, @acm/core within 0.6 / 2.5 MB.
  ['pack-size', 'node scripts/check-pack-size.mjs'],
  ['peers', 'node scripts/check-peer-ranges.mjs'],
  // TypeDoc over every package's public entries: broken links, unexported types, new undocumented exports.
  ['api-docs', 'node scripts/api-docs.mjs'],
  ['format', 'prettier --check . --log-level warn'],
  // Every examples/* with a `start` script, offline, on the sources, with a timeout.
  ['examples', 'node scripts/run-examples.mjs'],
];
const only = process.argv.slice(2);
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};

let passed = 0;
let failed = 0;
const failures = [];
const run = (command) =>
  spawnSync(command, { shell: true, stdio: 'inherit', env }).status === 0;

for (const [name, command] of steps) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n▶ ${name}: ${command}`);
  if (run(command)) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

if (only.length === 0 || only.includes('test')) {
  const report = '.vitest-report.json';
  rmSync(report, { force: true });
  const command = `vitest run --reporter=default --reporter=json --outputFile.json=${report}`;
  console.log(`\n▶ test: ${command}`);
  const ok = run(command);
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    // Suites that fail to load have no tests of their own: count each as one failure.
    const brokenSuites = result.testResults.filter(
      (suite) =>
        suite.status === 'failed' && suite.assertionResults.length === 0,
    ).length;
    failed += brokenSuites;
    if (!ok && result.numFailedTests + brokenSuites === 0) {
      failed++;
      failures.push('test (runner)');
    }
    if (result.numFailedTests + brokenSuites > 0) failures.push('test');
  } else {
    failed++;
    failures.push('test (no report)');
  }
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
