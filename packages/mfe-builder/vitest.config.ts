import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mfe-builder',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../shared-contracts/src/testing/jsdom-setup.ts'],
  },
});
