import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'mfe-form', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
