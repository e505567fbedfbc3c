/**
 * The sentence the login page shows after an idle logoff. It lives in memory, not in session
 * storage (which the logout clears), and stays until the next sign-in. It is a plain string so
 * that the login page's first load carries none of the idle logoff's code.
 */
let notice: string | null = null;

/** Where the sentence waits while a logout passes through the identity provider's pages. */
const CARRIED_KEY = 'idle_sign_out_notice';

export function setIdleSignOutNotice(sentence: string): void {
  notice = sentence;
}

export function getIdleSignOutNotice(): string | null {
  if (notice === null) {
    try {
      notice = window.sessionStorage.getItem(CARRIED_KEY);
      window.sessionStorage.removeItem(CARRIED_KEY);
    } catch {
      // Storage blocked: the login page shows no sentence.
    }
  }
  return notice;
}

/** Keeps the sentence for the next page of this tab (after logout has cleared storage). */
export function keepIdleSignOutNoticeAcrossPages(): void {
  try {
    if (notice !== null) window.sessionStorage.setItem(CARRIED_KEY, notice);
  } catch {
    // Storage blocked: the sentence is lost with the page.
  }
}

export function clearIdleSignOutNotice(): void {
  notice = null;
}
