import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shell',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // a ceiling for tests against the real BFF and emulator on a loaded 2-core runner (not a speed check)
    testTimeout: 30_000,
  },
});
