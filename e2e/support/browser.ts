// Shared with the packages' benches through test-kit.
export { chromiumLaunchOptions } from 'test-kit/browser';
