import type {
  LlmStrategyName,
  PromptConfig,
} from '../../vocabulary/config/config';
import { DEFAULT_PROMPTS } from './default-prompts';

/** The prompt a strategy sends: the custom one when it is not blank, else the default. */
export function resolvePrompt(
  strategy: LlmStrategyName,
  customPrompt: PromptConfig,
): string {
  const custom = customPrompt[strategy];
  return custom !== undefined && custom.trim() !== ''
    ? custom
    : DEFAULT_PROMPTS[strategy];
}
