// Shared with the packages' benches through test-kit.
export * from 'test-kit/system';
