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
  console.log(
    `session 1: ${report.sessionOneCalls} answers replayed, ${report.recordsAfterSessionOne} long-term records for the customer`,
  );
  console.log(
    `session 2, injected before the first model call:\n${report.injectedBlock}`,
  );
  console.log(`retrieve_from_memory answered:\n${report.toolAnswer}`);
  console.log(`answer: ${report.answer}`);
  console.log(
    `another customer asking the same: ${report.otherCustomerBlock === '' ? 'nothing found' : report.otherCustomerBlock}`,
  );
});
