import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// @acm/ai-sdk's sources import `ai`; in this workspace that would find its dev
// copy (ai 7). Users have one `ai`: run everything on ai 6 as they would.
const ai6 = fileURLToPath(
  new URL('./node_modules/ai/dist/index.mjs', import.meta.url),
);

export default mergeConfig(shared, {
  resolve: { alias: [{ find: /^ai$/, replacement: ai6 }] },
});
