import { MESSAGES, remoteForPath } from 'shared-contracts';

/**
 * The logout confirmation: the builder's routes ask 'Are you sure ?' (builder spec section 8), the
 * end-user app 'Are you sure to Logout ?' (end-user spec section 4).
 */
export const logoutConfirmText = (pathname: string): string =>
  remoteForPath(pathname) === 'mfe-builder' ? MESSAGES.areYouSure : MESSAGES.logoutConfirm;
