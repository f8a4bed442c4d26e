import { runAgentExample } from './run-agent-example';

async function main(): Promise<void> {
  const result = await runAgentExample({ log: (line) => console.log(line) });
  console.log(`strategies applied: ${result.strategies.join(', ')}`);
  console.log(
    `${result.originalMessages} messages recorded, ${result.stateMessages} in the agent state`,
  );
  console.log(`context_reload answered:\n${result.reloadReply.slice(0, 400)}…`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof Error ? (error.stack ?? error.message) : error,
  );
  process.exitCode = 1;
});
