import { InvalidConfigError } from '../error/invalid-config-error';
import { describeValue } from './describe-value';
import { requireRecord } from './require-record';
import { LLM_STRATEGY_NAMES } from './strategy-descriptors';
import { checkKnownEntries } from './unknown-option';

/** `customPrompt`: an object of LLM strategy names, each a string or `undefined`. */
export function validateCustomPrompt(value: unknown, parameter: string): void {
  const record = requireRecord(value, parameter);
  checkKnownEntries(
    record,
    LLM_STRATEGY_NAMES,
    `${parameter}.`,
    (key, prompt) => {
      // Blank strings are allowed: they mean "use the default prompt".
      if (prompt !== undefined && typeof prompt !== 'string') {
        throw new InvalidConfigError({
          parameter: `${parameter}.${key}`,
          value: prompt,
          message: `must be a string, received ${describeValue(prompt)}`,
        });
      }
    },
  );
}
