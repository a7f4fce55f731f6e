import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/browser';

// Suites start the parts of the system they need (some stop and redeploy remotes), so they run
// one at a time: this machine has 2 cores.
export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
});
