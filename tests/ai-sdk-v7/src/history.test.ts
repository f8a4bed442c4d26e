import { describeHistoryScenarios } from '@acm-test/ai-sdk-shared';
import { aiSdk7 } from './ai-sdk-7';

describeHistoryScenarios(aiSdk7);
