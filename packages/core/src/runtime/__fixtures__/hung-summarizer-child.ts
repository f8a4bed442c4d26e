/**
 * Run in a child process by `timeout-signal.test.ts`: one `compressIfNeeded`
 * with a summarizer that waits on nothing that holds a handle (a promise that
 * never settles). With `AbortSignal.timeout` Node exits with code 13 in the
 * middle of the call; with `timeoutSignal` the timeout fires, the pass records
 * it, and the process exits on its own once the call returns.
 *
 * argv[2]: 'hang' (never settles) or 'quick' (answers at once).
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

const mode = process.argv[2] ?? 'hang';
const summarizer: Summarizer =
  mode === 'hang'
    ? () => new Promise(() => {})
    : () => Promise.resolve({ text: 'short summary' });

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
    summarizerTimeoutMs: mode === 'hang' ? 300 : 60_000,
  },
});
await memory.addMessages(messages);
const result = await memory.compressIfNeeded();
const reasons = result.events.flatMap((event) =>
  event.type === 'compression-error' ? [event.error.reason] : [],
);
process.stdout.write(
  `${JSON.stringify({ applied: result.applied, reasons })}\n`,
);
