import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mfe-auth',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // a generous ceiling for component tests on a loaded 2-core runner (not a speed check)
    testTimeout: 30_000,
    setupFiles: ['test-kit/jsdom-setup'],
  },
});
