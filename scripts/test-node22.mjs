#!/usr/bin/env node
// Runs the whole vitest suite on Node 22 (ai 7 declares node >= 22; the repo's
// default runtime is Node 20). Node 22 comes from the `node` npm package via
// npx, so no system install is needed. Ends with the line CI reads:
// "N passed, N failed". Extra arguments go to vitest (e.g. a path filter).
//
//   node scripts/test-node22.mjs                 # everything
//   node scripts/test-node22.mjs tests/ai-sdk-v7 # one project
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const NODE_VERSION = process.env.ACM_NODE22_VERSION ?? '22.23.3';
const report = '.vitest-report-node22.json';
const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
rmSync(report, { force: true });

const version = spawnSync('npx', ['-y', `node@${NODE_VERSION}`, '--version'], {
  encoding: 'utf8',
});
console.log(
  `▶ test on Node ${version.stdout.trim() || `${NODE_VERSION} (unavailable)`}`,
);
const run = spawnSync(
  'npx',
  [
    '-y',
    `node@${NODE_VERSION}`,
    vitest,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: process.env },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const brokenSuites = result.testResults.filter(
    (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
  ).length;
  passed = result.numPassedTests;
  failed = result.numFailedTests + brokenSuites;
  if (run.status !== 0 && failed === 0) failed = 1;
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
