import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mfe-builder',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test-kit/jsdom-setup'],
    // UI tests type into Chakra modals on a shared 2-core machine: 5 s is too tight under load.
    testTimeout: 30000,
  },
});
