import { defineConfig } from 'tsup';

import { packageBuild } from '../../tsup.shared';

export default defineConfig({
  ...packageBuild,
  entry: { index: 'src/index.ts' },
  shims: true,
});
