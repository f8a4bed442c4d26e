import type { Options } from 'tsup';

/**
 * The build every published package shares: ESM and CommonJS with bundled
 * declarations and source maps, for Node 20. Each `packages/<name>/tsup.config.ts`
 * adds its entries (and `shims`, `external` where it needs them).
 */
export const packageBuild = {
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
} satisfies Options;
