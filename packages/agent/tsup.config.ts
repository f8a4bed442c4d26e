import { defineConfig } from 'tsup';

import { packageBuild } from '../../tsup.shared';

export default defineConfig({
  ...packageBuild,
  entry: {
    index: 'src/index.ts',
    'ai-sdk/index': 'src/ai-sdk/index.ts',
    'testing/index': 'src/testing/index.ts',
  },
  shims: true,
});
