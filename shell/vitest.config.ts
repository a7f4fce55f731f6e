import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The second shared Chakra part, as the build resolves it (scripts/webpack-config.mjs), and the package
  // it re-exports from (the header's logout dialog renders it).
  resolve: {
    alias: {
      '@chakra-ui/react-full': '@chakra-ui/react',
      '@chakra-ui/react-extra': fileURLToPath(
        new URL('./src/chakra-shared/chakra-extra.ts', import.meta.url),
      ),
    },
  },
  test: {
    name: 'shell',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // a ceiling for tests against the real BFF and emulator on a loaded 2-core runner (not a speed check)
    testTimeout: 30_000,
  },
});
