import { describeSessionLifecycleScenarios } from '@acm-test/ai-sdk-shared';
import { aiSdk7 } from './ai-sdk-7';

describeSessionLifecycleScenarios(aiSdk7);
