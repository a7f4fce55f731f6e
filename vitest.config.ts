import { defineConfig } from 'vitest/config';

// Each package with a vitest.config.ts is one project; e2e runs under Playwright instead.
export default defineConfig({
  test: { projects: ['*/vitest.config.ts'] },
});
