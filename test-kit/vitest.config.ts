import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'test-kit', environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
});
