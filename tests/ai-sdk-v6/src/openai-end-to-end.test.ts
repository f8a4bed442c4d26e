import { describeOpenAIEndToEndScenarios } from '@acm-test/ai-sdk-shared';
import { createOpenAI } from '@ai-sdk/openai';
import { aiSdk6 } from './ai-sdk-6';

describeOpenAIEndToEndScenarios({ ...aiSdk6, createOpenAI });
