import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'org-emulator',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Suites start their own emulator on port 0; run files in parallel but keep workers few (2 cores).
    pool: 'forks',
    maxWorkers: 2,
  },
});
