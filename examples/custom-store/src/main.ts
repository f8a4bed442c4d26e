// `npm start`: saves a conversation turn by turn to the Web Storage session
// store of this example (on an in-memory stand-in for localStorage), then
// loads it again, and prints what was written.
import { runExample } from './run-example';

try {
  const report = await runExample();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} catch (error) {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
}
