import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'form-core', environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
});
