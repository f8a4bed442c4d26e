import { fileURLToPath } from 'node:url';

import { defineProject } from 'vitest/config';

export default defineProject({
  ssr: { resolve: { conditions: ['@acm/source'] } },
  resolve: { conditions: ['@acm/source'] },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    restoreMocks: true,
    setupFiles: [fileURLToPath(new URL('./vitest.setup.ts', import.meta.url))],
    testTimeout: 30_000,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] },
  },
});
