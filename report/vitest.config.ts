import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'report', environment: 'node', include: ['src/**/*.test.ts'] },
});
