// Moved to shared-contracts: the BFF validates a submitted form with the same code.
export * from 'shared-contracts/form-validation/schema';
