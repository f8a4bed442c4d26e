import { describeOpenAIEndToEndScenarios } from '@acm-test/ai-sdk-shared';
import { createOpenAI } from '@ai-sdk/openai';
import { aiSdk7 } from './ai-sdk-7';

describeOpenAIEndToEndScenarios({ ...aiSdk7, createOpenAI });
