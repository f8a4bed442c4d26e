import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';
import { calibrateFromUsage } from './calibrate-from-usage';

/** Metadata key under which an adapter records the calibration figures of an answer. */
export const CALIBRATION_METADATA_KEY = 'acmCalibration';

/** What is recorded on each answer with usage, so a resumed session calibrates the same. */
export interface CalibrationRecord {
  /** Input tokens the provider reported for the request. */
  readonly providerInputTokens: number;
  /** Our count of the same request (messages, system prompt, tool schemas), by the memory's counter. */
  readonly estimatedTokens: number;
}

/**
 * Calibrates the memory from a provider's usage (`calibrateFromUsage`) and
 * returns `message` (the answer) with the figures recorded under
 * {@link CALIBRATION_METADATA_KEY}; `undefined` when the usage reports no
 * input tokens (nothing changes then).
 */
export function calibrateAndRecord<TMessage extends Message>({
  memory,
  usage,
  estimatedTokens,
  message,
}: {
  readonly memory: AutoContextMemory;
  readonly usage: unknown;
  readonly estimatedTokens: number;
  readonly message: TMessage;
}): TMessage | undefined {
  const providerInputTokens = calibrateFromUsage({
    memory,
    usage,
    estimatedTokens,
  });
  if (providerInputTokens === undefined || providerInputTokens <= 0) {
    return undefined;
  }
  const record: CalibrationRecord = { providerInputTokens, estimatedTokens };
  return {
    ...message,
    metadata: { ...message.metadata, [CALIBRATION_METADATA_KEY]: record },
  };
}

/**
 * Sets the memory's calibration from the last record on its original
 * messages (read from the end, in O(1) per message: no snapshot), so a loaded
 * session compresses as before.
 * @returns the record applied, or `undefined` when there is none.
 */
export function restoreCalibration(
  memory: AutoContextMemory,
): CalibrationRecord | undefined {
  for (let index = memory.getOriginalMessageCount() - 1; index >= 0; index--) {
    const value =
      memory.getOriginalMessageAt(index)?.metadata?.[CALIBRATION_METADATA_KEY];
    if (isCalibrationRecord(value)) {
      memory.setCalibration(value.providerInputTokens, value.estimatedTokens);
      return value;
    }
  }
  return undefined;
}

function isCalibrationRecord(value: unknown): value is CalibrationRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.providerInputTokens === 'number' &&
    typeof record.estimatedTokens === 'number'
  );
}
