/** How the development outbox's console line starts; the e2e helpers look for it too. */
export const LINK_ANNOUNCEMENT_PREFIX = '>>> DEVELOPMENT ONLY (no SMTP_URL): set-password link: ';

/** The clearly marked console line the development outbox prints for a set-password link. */
export function linkAnnouncement(link: string): string {
  return `${LINK_ANNOUNCEMENT_PREFIX}${link}`;
}
