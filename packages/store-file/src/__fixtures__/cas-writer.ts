/**
 * Child process of the two-process test: `node --conditions=@acm/source --import tsx
 * cas-writer.ts <directory> <sessionId> <writer> <count>`. Prints `ready`, waits for a
 * line on stdin (so the parent can start its own writes at the same moment), then
 * appends and prints `{ conflicts }` as JSON.
 */
import { once } from 'node:events';
import { createFileSessionStore } from '../file-session-store';
import { appendWithRetry } from './append-with-retry';

const [directory, sessionId, writer, count] = process.argv.slice(2);
if (!directory || !sessionId || !writer || !count) {
  throw new Error(
    'usage: cas-writer.ts <directory> <sessionId> <writer> <count>',
  );
}
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.pause();
const conflicts = await appendWithRetry({
  store: createFileSessionStore({ directory }),
  sessionId,
  writer,
  count: Number(count),
});
process.stdout.write(`${JSON.stringify({ conflicts })}\n`);
