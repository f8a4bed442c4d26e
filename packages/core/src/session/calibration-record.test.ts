import { describe, expect, it } from 'vitest';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';
import { createApproximateTokenCounter } from '../state/token';
import {
  CALIBRATION_METADATA_KEY,
  calibrateAndRecord,
  restoreCalibration,
} from './calibration-record';

const answer: Message = {
  id: 'a1',
  role: 'assistant',
  content: [{ type: 'text', text: 'done' }],
};

describe('calibrateAndRecord', () => {
  it('should calibrate and record the figures on the answer', () => {
    const memory = new AutoContextMemory({
      sessionId: 's',
      counter: createApproximateTokenCounter(),
    });
    const recorded = calibrateAndRecord({
      memory,
      usage: { inputTokens: 300 },
      estimatedTokens: 200,
      message: answer,
    });
    expect(memory.getCalibration()).toBe(1.5);
    expect(recorded?.metadata?.[CALIBRATION_METADATA_KEY]).toEqual({
      providerInputTokens: 300,
      estimatedTokens: 200,
    });
    expect(
      calibrateAndRecord({
        memory,
        usage: {},
        estimatedTokens: 200,
        message: answer,
      }),
    ).toBeUndefined();
  });
});

describe('restoreCalibration', () => {
  it('should apply the last record on the original messages', async () => {
    const memory = new AutoContextMemory({
      sessionId: 's',
      counter: createApproximateTokenCounter(),
    });
    expect(restoreCalibration(memory)).toBeUndefined();
    await memory.addMessages([
      {
        ...answer,
        metadata: {
          [CALIBRATION_METADATA_KEY]: {
            providerInputTokens: 100,
            estimatedTokens: 50,
          },
        },
      },
      {
        ...answer,
        id: 'a2',
        metadata: {
          [CALIBRATION_METADATA_KEY]: {
            providerInputTokens: 90,
            estimatedTokens: 100,
          },
        },
      },
      { id: 'u', role: 'user', content: [{ type: 'text', text: 'next' }] },
    ]);
    expect(restoreCalibration(memory)).toEqual({
      providerInputTokens: 90,
      estimatedTokens: 100,
    });
    expect(memory.getCalibration()).toBe(0.9);
  });
});
