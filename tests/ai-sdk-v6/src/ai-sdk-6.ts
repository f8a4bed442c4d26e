import type { AiSdkMajor } from '@acm-test/ai-sdk-shared';
import {
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';

/** ai 6 as the shared scenarios run it. */
export const aiSdk6: AiSdkMajor = {
  label: 'ai 6',
  systemOption: 'system',
  prepareStepCarriesMessages: false,
  generateText,
  streamText,
  stepCount: stepCountIs,
  tool,
  jsonSchema,
  wrapLanguageModel,
  MockLanguageModel: MockLanguageModelV3,
  convertArrayToReadableStream,
};
