import { defineProject, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineProject({
    test: { globalSetup: ['./src/__fixtures__/global-setup.ts'] },
  }),
);
