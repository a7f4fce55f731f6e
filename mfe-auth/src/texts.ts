import { defineTexts } from 'shared-contracts';

/** Texts of mfe-auth that the spec does not give (the spec's own are in shared-contracts MESSAGES). */
export const AUTH_TEXTS = defineTexts('auth', {
  appTitle: 'Checklists',
  subtitle: 'Sign in with your organisation to see your checklists and forms.',
  production: 'Production login',
  sandbox: 'Sandbox login',
  customDomainLabel: 'Custom domain',
  customDomainPlaceholder: 'https://yourdomain.my.salesforce.com',
  customDomainButton: 'Custom domain login',
  customDomainHelp: 'Enter the https address of your organisation’s My Domain.',
  notConfigured: 'Sign-in is not configured for this environment.',
  envUnavailable: 'The sign-in settings could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  signingIn: 'Signing you in…',
  connectingOtherOrg: 'Connecting the other organisation…',
  backToLogin: 'Back to sign in',
  signedInAs: (name: string) => `You are signed in as ${name}.`,
  goHome: 'Go to home',
} as const);
