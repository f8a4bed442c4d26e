import { describe, expect, it } from 'vitest';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { createApproximateTokenCounter } from '../state/token';
import type { Message } from '../vocabulary/message/message';
import { createUsageCalibrator } from './create-usage-calibrator';

const text = (id: string, body: string): Message => ({
  id,
  role: 'user',
  content: [{ type: 'text', text: body }],
});

function newMemory() {
  return new AutoContextMemory({
    sessionId: 's',
    counter: createApproximateTokenCounter(),
  });
}

describe('createUsageCalibrator', () => {
  // #24: with two calls in flight the first answer was measured against the
  // history as the second call left it (a request of 21,574 tokens against
  // a 16,000 budget).
  it('should calibrate against the request as it was made, not as the memory is when the answer arrives', async () => {
    const memory = newMemory();
    await memory.addMessage(text('m1', 'word '.repeat(100)));
    const first = createUsageCalibrator(memory, 10);
    const firstEstimate = memory.countTokens() + 10;
    await memory.addMessage(text('m2', 'word '.repeat(300)));
    const second = createUsageCalibrator(memory, 10);
    const secondEstimate = memory.countTokens() + 10;

    second({ inputTokens: Math.round(secondEstimate * 1.3) });
    first({ inputTokens: Math.round(firstEstimate * 1.3) });

    expect(memory.getCalibration()).toBeCloseTo(1.3, 2);
  });

  it('should ignore an answer to a request made on a history that was replaced since', async () => {
    const memory = newMemory();
    await memory.addMessage(text('m1', 'word '.repeat(100)));
    const calibrate = createUsageCalibrator(memory, 0);
    await memory.clear();

    calibrate({ inputTokens: 500 });

    expect(memory.getCalibration()).toBe(1);
  });
});
