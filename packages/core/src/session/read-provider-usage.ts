import type { SummarizerUsage } from '../summary/summarizer/summarizer';
import { readProviderInputTokens } from './read-provider-input-tokens';

/**
 * The input and output tokens a provider reported, from every usage shape
 * `readProviderInputTokens` reads (`outputTokens` / `output_tokens`, a number
 * or `{ total }`): what a summarizer built on a framework's model returns as
 * its usage. `undefined` when neither is reported.
 */
export function readProviderUsage(usage: unknown): SummarizerUsage | undefined {
  const inputTokens = readProviderInputTokens(usage);
  const outputTokens =
    usage === null || typeof usage !== 'object'
      ? undefined
      : readProviderInputTokens({
          inputTokens:
            (usage as { outputTokens?: unknown }).outputTokens ??
            (usage as { output_tokens?: unknown }).output_tokens,
        });
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  return {
    ...(inputTokens === undefined ? {} : { inputTokens }),
    ...(outputTokens === undefined ? {} : { outputTokens }),
  };
}
