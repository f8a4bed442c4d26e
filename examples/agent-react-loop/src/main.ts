import { runAgentLoop } from './run-agent-loop';

/** Runs `main`, printing an error readably (and failing the process) if it throws. */
async function run(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}

await run(async () => {
  const report = await runAgentLoop({
    onEvent: (event) => {
      if (event.type === 'reasoning-start' && event.iteration % 10 === 0) {
        process.stdout.write(
          `step ${event.iteration}: sending ${event.messageCount} messages\n`,
        );
      }
    },
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
});
