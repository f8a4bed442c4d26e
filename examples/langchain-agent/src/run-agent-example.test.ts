import { describe, expect, it } from 'vitest';
import { runAgentExample } from './run-agent-example';

describe('runAgentExample', () => {
  it('should compress the agent state offline and reload an offloaded listing', async () => {
    const lines: string[] = [];
    const result = await runAgentExample({ log: (line) => lines.push(line) });
    expect(lines).toHaveLength(4);
    // Every turn (its question, 8 calls with their results, its answer) and the reload call and result.
    expect(result.originalMessages).toBe(4 * (1 + 8 * 2 + 1) + 2);
    expect(result.stateMessages).toBeLessThan(result.originalMessages);
    expect(result.strategies.length).toBeGreaterThan(0);
    expect(result.reloadReply).toMatch(/^Offloaded context "/);
    expect(result.reloadReply).toContain('$ ls -l src/module_');
  });
});
