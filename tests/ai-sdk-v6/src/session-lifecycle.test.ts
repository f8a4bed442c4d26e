import { describeSessionLifecycleScenarios } from '@acm-test/ai-sdk-shared';
import { aiSdk6 } from './ai-sdk-6';

describeSessionLifecycleScenarios(aiSdk6);
