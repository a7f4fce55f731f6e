import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The second shared Chakra part (the build's `@chakra-ui/react-extra`, scripts/webpack-config.mjs) is
  // the same package's components: one copy of Chakra, as in the browser.
  resolve: { alias: { '@chakra-ui/react-extra': '@chakra-ui/react' } },
  test: {
    name: 'mfe-home',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // a generous ceiling for component tests on a loaded 2-core runner (not a speed check)
    testTimeout: 30_000,
    setupFiles: ['test-kit/jsdom-setup'],
  },
});
