// Shared with the packages' benches through shared-contracts' test kit.
export * from 'test-kit/system';
