/**
 * The sentence the login page shows after an idle logoff. It lives in memory, not in session
 * storage (which the logout clears), and stays until the next sign-in. It is a plain string so
 * that the login page's first load carries none of the idle logoff's code.
 */
let notice: string | null = null;

export function setIdleSignOutNotice(sentence: string): void {
  notice = sentence;
}

export function getIdleSignOutNotice(): string | null {
  return notice;
}

export function clearIdleSignOutNotice(): void {
  notice = null;
}
