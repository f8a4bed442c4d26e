import { runExample } from './run-example';

/** Prints errors readably and sets the exit code. */
async function run(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.exitCode = 1;
    console.error(
      error instanceof Error ? (error.stack ?? error.message) : error,
    );
  }
}

await run(async () => {
  const report = await runExample();
  console.log(`conversation: ${report.conversationMessages} messages`);
  console.log(
    `prompts the model received: ${report.promptMessages.join(', ')} messages`,
  );
  console.log(
    `compression events: ${report.compressionEvents}, summary calls: ${report.summaryCalls}`,
  );
  console.log(
    `context_reload returned ${report.reloadedCharacters} characters`,
  );
  console.log(`answer: ${report.answer}`);
});
