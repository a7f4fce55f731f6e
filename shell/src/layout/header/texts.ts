import { defineTexts } from 'shared-contracts';

/** Header texts the spec does not give (its own are in shared-contracts MESSAGES). */
export const HEADER_TEXTS = defineTexts('header', {
  appTitle: 'Checklists',
  home: 'Checklists home',
  online: 'Online',
  offline: 'Offline',
  waitingToSync: (n: number) => `${n} waiting to sync`,
  /** The words after the count (the phone header shows only the count and an icon). */
  waitingToSyncWords: 'waiting to sync',
  allSynced: 'All synced',
  offlineReady: 'Ready to work offline',
  offlineReadyUsing: (size: string) => `Ready to work offline (${size} on this device)`,
  help: 'Help',
  helpOutbox: 'Items waiting to sync',
  helpSignIn: 'Sign in again',
  /** The builder's way in for admins: in the org it is a record button, in the app this menu. */
  helpBuilder: 'Form builder and templates',
  helpAbout: (version: string) => `App contract ${version}`,
  notifications: (n: number) => `Notifications (${n})`,
  noNotifications: 'No notifications',
  profile: 'Profile',
  /** The profile menu's language choice (issue 44). */
  language: 'Language',
  logout: 'Log out',
  cancel: 'Cancel',
  /** The logout confirmation's way to send what waits before leaving (online only). */
  syncFirst: 'Sync now first',
  allInOrg: 'Everything is in the org.',
  signIn: 'Not signed in: sign in',
} as const);
