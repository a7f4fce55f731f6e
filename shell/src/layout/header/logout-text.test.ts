import { describe, expect, it } from 'vitest';
import { logoutConfirmText } from './logout-text';

describe('logout confirmation', () => {
  it("asks 'Are you sure ?' on the builder's routes and 'Are you sure to Logout ?' elsewhere", () => {
    for (const p of ['/CQEditFormSF/a0F000000000001AAA', '/templates', '/templateConfiguration'])
      expect(logoutConfirmText(p), p).toBe('Are you sure ?');
    for (const p of ['/', '/form/selected-submission', '/launchFromSF/a0F'])
      expect(logoutConfirmText(p), p).toBe('Are you sure to Logout ?');
  });
});
