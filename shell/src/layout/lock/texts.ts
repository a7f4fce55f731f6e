import { defineTexts } from 'shared-contracts';

/** The lock screen's texts (issue 45; not in the spec). */
export const LOCK_TEXTS = defineTexts('lock', {
  setTitle: 'Set a PIN',
  setBody: (digits: number): string =>
    `Your organisation asks for a ${digits}-digit PIN to open this app's data on this device. You will enter it after the app locks.`,
  pin: 'PIN',
  confirm: 'Confirm PIN',
  setButton: 'Set PIN',
  lockedTitle: 'Locked',
  lockedBody: 'Enter your PIN to continue. Your work is saved on this device.',
  unlock: 'Unlock',
  wrong: (left: number): string => `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  digits: 'Use digits only.',
  length: (digits: number): string => `The PIN has ${digits} digits.`,
  mismatch: 'The two PINs are not the same.',
  removedTitle: 'Sign in to continue',
  removedBody:
    'Too many wrong PINs. Your work is still on this device, encrypted: sign in online to open it and set a new PIN.',
  forgot: 'Forgot your PIN? Sign in online',
  signIn: 'Sign in online',
  offline: 'You are offline. Connect to sign in.',
  working: 'Checking…',
} as const);
