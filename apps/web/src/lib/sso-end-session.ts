import { getIdleSignOutNotice, keepIdleSignOutNoticeAcrossPages } from './idle-notice';

/**
 * After a single sign-on, logout also ends the identity provider's session (RP-initiated
 * logout), or the next "Sign in with …" would let anyone at the computer straight back in.
 * The address lives in session storage beside the tokens, so it ends with them.
 */
const END_SESSION_KEY = 'sso_end_session_url';

export function rememberEndSessionUrl(url: string | null): void {
  try {
    if (url) window.sessionStorage.setItem(END_SESSION_KEY, url);
    else window.sessionStorage.removeItem(END_SESSION_KEY);
  } catch {
    // Storage blocked: logout then ends the portal's session only.
  }
}

/** The provider's logout address of this session, if it has one; read before storage clears. */
export function endSessionUrl(): string | null {
  try {
    return window.sessionStorage.getItem(END_SESSION_KEY);
  } catch {
    return null;
  }
}

/** Sends the browser to the provider's logout, which returns it to the login page. */
export function leaveToProviderLogout(url: string): void {
  // The idle logoff's sentence must survive the round trip through the provider.
  if (getIdleSignOutNotice()) keepIdleSignOutNoticeAcrossPages();
  window.location.assign(url);
}
