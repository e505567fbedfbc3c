import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  markSessionExpired,
  noteSessionEnded,
  rememberReturnPath,
  sessionExpiredNotice,
  signInDestination,
} from './return-after-sign-in';

beforeEach(() => {
  signInDestination('CLINICIAN', '/');
});

describe('return after sign-in', () => {
  it('after an expired session says so and returns to the same page', () => {
    markSessionExpired();
    noteSessionEnded('/participant-details/42?section=outcomes');
    expect(sessionExpiredNotice()).toBe(MESSAGES.account.refreshInvalid);
    expect(signInDestination('CLINICIAN', '/')).toBe('/participant-details/42?section=outcomes');
    // Used up: the next sign-in goes home and says nothing.
    expect(sessionExpiredNotice()).toBeNull();
    expect(signInDestination('CLINICIAN', '/')).toBe('/');
  });

  it('after the Logout button the next sign-in starts at home', () => {
    noteSessionEnded('/participant-details/42');
    expect(sessionExpiredNotice()).toBeNull();
    expect(signInDestination('CLINICIAN', '/')).toBe('/');
  });

  it('a page asked for without a session comes back without the expiry sentence', () => {
    rememberReturnPath('/nudges?status=COMPLETED');
    expect(sessionExpiredNotice()).toBeNull();
    expect(signInDestination('CLINICIAN', '/')).toBe('/nudges?status=COMPLETED');
  });

  it("never leads to another role's page, which would sign the new user out", () => {
    rememberReturnPath('/admin/audit-log');
    expect(signInDestination('CLINICIAN', '/')).toBe('/');
    rememberReturnPath('/participants');
    expect(signInDestination('ADMINISTRATOR', '/admin/home')).toBe('/admin/home');
    rememberReturnPath('/admin/audit-log?actor=3');
    expect(signInDestination('ADMINISTRATOR', '/admin/home')).toBe('/admin/audit-log?actor=3');
  });

  it('never leaves the portal', () => {
    rememberReturnPath('//evil.example/participants');
    expect(signInDestination('CLINICIAN', '/')).toBe('/');
  });
});
