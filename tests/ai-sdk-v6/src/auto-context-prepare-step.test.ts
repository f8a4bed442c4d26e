import { describePrepareStepScenarios } from '@acm-test/ai-sdk-shared';
import { aiSdk6 } from './ai-sdk-6';

describePrepareStepScenarios(aiSdk6);
