import { defineConfig } from 'tsup';

import { packageBuild } from '../../tsup.shared';

export default defineConfig([
  { ...packageBuild, entry: { index: 'src/index.ts' }, shims: true },
  {
    entry: { bin: 'src/bin.ts' },
    format: ['esm'],
    sourcemap: false,
    shims: true,
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
