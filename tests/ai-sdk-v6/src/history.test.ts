import { describeHistoryScenarios } from '@acm-test/ai-sdk-shared';
import { aiSdk6 } from './ai-sdk-6';

describeHistoryScenarios(aiSdk6);
