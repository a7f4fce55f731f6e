// Shared with the packages' benches through test-kit.
export { DEMO_PASSWORD, signInAtOrg } from 'test-kit/browser';
