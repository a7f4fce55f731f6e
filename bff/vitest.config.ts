import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bff',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One real org-emulator process (CLI on a free port) for the whole run; tests never reset it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
