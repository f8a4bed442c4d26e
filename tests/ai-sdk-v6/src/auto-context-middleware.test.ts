import { describeMiddlewareScenarios } from '@acm-test/ai-sdk-shared';
import { aiSdk6 } from './ai-sdk-6';

describeMiddlewareScenarios(aiSdk6);
