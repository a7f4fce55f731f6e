// Shared with the packages' benches through shared-contracts' test kit.
export { DEMO_PASSWORD, signInAtOrg } from 'test-kit/browser';
