import type { AiSdkMajor } from '@acm-test/ai-sdk-shared';
import {
  generateText,
  isStepCount,
  jsonSchema,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';

/** ai 7 as the shared scenarios run it. */
export const aiSdk7: AiSdkMajor = {
  label: 'ai 7',
  systemOption: 'instructions',
  prepareStepCarriesMessages: true,
  generateText,
  streamText,
  stepCount: isStepCount,
  tool,
  jsonSchema,
  wrapLanguageModel,
  MockLanguageModel: MockLanguageModelV4,
  convertArrayToReadableStream,
};
