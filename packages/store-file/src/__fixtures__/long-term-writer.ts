/**
 * Child process of file-long-term-backend.test.ts: opens the journal at
 * argv[2], records one fact for each owner through createLongTermMemory, and
 * exits, so the test can check that the records survive the process.
 */
import { createLongTermMemory } from '@acm/core/long-term';
import { createFileLongTermBackend } from '../file-long-term-backend';

const path = process.argv[2]!;
const backend = await createFileLongTermBackend({ path });
for (const [userId, fact] of [
  ['alice', 'Alice booked reservation XK42QZ to Boston'],
  ['bob', 'Bob booked reservation BB77QQ to Boston'],
] as const) {
  await createLongTermMemory({
    backend,
    owner: { userId },
    mode: 'static',
    sessionId: 'first-process',
  }).remember([fact]);
}
process.stdout.write('written\n');
