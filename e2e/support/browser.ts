// Shared with the packages' benches through shared-contracts' test kit.
export { chromiumLaunchOptions } from 'test-kit/browser';
