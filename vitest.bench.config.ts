import { defineConfig } from 'vitest/config';

/** `npm run bench` runs these through scripts/bench.mjs; they are not part of `npm test`. */
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    testTimeout: 600_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
