import { defineConfig } from 'vitest/config';

export default defineConfig({
  // rendering a PDF takes a second or two, more on a busy machine
  test: { name: 'report', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
