// `npm start`: runs the tiny agent framework with the ACM adapter of this
// example offline (a scripted model) and prints what happened.
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
