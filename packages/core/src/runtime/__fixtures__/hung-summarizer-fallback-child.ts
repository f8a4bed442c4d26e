/**
 * Run in a child process by `run-summary-tasks.test.ts`: one
 * `compressIfNeeded` with `fallbackToExtractive` on, as many summary tasks as
 * `summarizerConcurrency` slots, and a summarizer that never settles and
 * ignores its signal. The timeout must hand the slots the hung requests hold
 * to the extractive fallback; if it does not, the fallback waits on the gate
 * forever, nothing holds a handle, and Node exits with code 13 in the middle
 * of the call.
 *
 * Prints the pass's outcome as one JSON line.
 */
import {
  bashCall,
  bashResult,
  buildLog,
  textMessage,
} from '../../vocabulary/message/__fixtures__/message-builders';
import { createAutoContextMemory } from '../../memory/facade/create-auto-context-memory';
import type { Message } from '../../vocabulary/message/message';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';

let requests = 0;
/** Never settles, never looks at its signal. */
const summarizer: Summarizer = () => {
  requests += 1;
  return new Promise(() => {});
};

const messages: readonly Message[] = [
  textMessage('s0', 'system', 'You are a coding agent.'),
  textMessage('u1', 'user', 'Fix the build.'),
  bashCall('a1', 'c1', 'make'),
  bashResult('t1', 'c1', buildLog('make', 6000)),
  textMessage('f1', 'assistant', 'The build is fixed.'),
  textMessage('u2', 'user', 'Now run the tests.'),
  bashCall('a2', 'c2', 'npm test'),
  bashResult('t2', 'c2', buildLog('test', 6000)),
  textMessage('f2', 'assistant', 'All 42 tests pass.'),
  textMessage('u3', 'user', 'Deploy it.'),
  bashCall('a3', 'c3', 'deploy'),
  bashResult('t3', 'c3', 'deployed ok'),
];

const memory = createAutoContextMemory({
  sessionId: 'child',
  counter: createApproximateTokenCounter(),
  summarizer,
  config: {
    mode: 'compress',
    maxToken: 5000,
    tokenRatio: 0.4,
    targetRatio: 0.2,
    msgThreshold: 1000,
    lastKeep: 0,
    largePayloadThreshold: 2000,
    offloadSinglePreview: 100,
    minCompressionTokenThreshold: 0,
    minConsecutiveToolMessages: 0,
    summarizerTimeoutMs: 300,
    summarizerConcurrency: 1,
    fallbackToExtractive: true,
  },
});
await memory.addMessages(messages);
const result = await memory.compressIfNeeded();
const reasons = result.events.flatMap((event) =>
  event.type === 'compression-error' ? [event.error.reason] : [],
);
const compressed = result.events.filter(
  (event) => event.type !== 'compression-error',
).length;
process.stdout.write(
  `${JSON.stringify({ applied: result.applied, reasons, compressed, hungRequests: requests })}\n`,
);
