import { describe, expect, it } from 'vitest';
import { runAgentLoop } from './run-agent-loop';

describe('runAgentLoop', () => {
  it('should run the agent offline, compress and reload', async () => {
    const report = await runAgentLoop();
    expect(report.answer).toBe('The largest value is value_119.');
    expect(report.toolCalls).toBe(33);
    expect(report.originalMessages).toBe(68);
    expect(report.workingMessages).toBe(21);
    expect(report.strategies).toEqual(['clearToolUses']);
    expect(report.reloadedCharacters).toBe(19997);
  });
});
