import { useSyncExternalStore } from 'react';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import {
  DEFAULT_PARTICIPANT_TYPE,
  isParticipantType,
  type ParticipantType,
} from '@recovery-portal/contract/constants';
import { notifySessionChange, subscribeSession } from './session';

/**
 * The remembered participant-type tab, without the router, so that the header the sign-in page
 * draws can link to it (DESIGN §7 first-load budget; ADR 0020). The Internal / Pilot / Demo tab
 * filters every list (spec §4). On a list it is the URL's `type`
 * parameter, with the rest of the list's state (decision 0004; Internal, the default, left out),
 * so a shared link opens the same tab. Session storage remembers the last tab for the pages
 * without a list and for the links to the lists (menu, logo); logout, which clears session
 * storage, puts it back to the default.
 */
const PARTICIPANT_TYPE_KEY = 'participant_type';
export const PARTICIPANT_TYPE_PARAM = 'type';

/** The pages whose list the tab filters, and whose URL therefore carries it. */
const TYPE_FILTERED_PATHS: readonly string[] = [
  WEB_ROUTES.home,
  WEB_ROUTES.participants,
  WEB_ROUTES.nudges,
  WEB_ROUTES.coach,
  WEB_ROUTES.flags,
];

export function isTypeFilteredPath(pathname: string): boolean {
  return TYPE_FILTERED_PATHS.includes(pathname);
}

function readStoredType(): string | null {
  try {
    return window.sessionStorage.getItem(PARTICIPANT_TYPE_KEY);
  } catch {
    // Storage blocked by privacy settings: fall back to the default tab.
    return null;
  }
}

export function getParticipantType(): ParticipantType {
  const stored = readStoredType();
  return isParticipantType(stored) ? stored : DEFAULT_PARTICIPANT_TYPE;
}

export function setParticipantType(type: ParticipantType): void {
  window.sessionStorage.setItem(PARTICIPANT_TYPE_KEY, type);
  notifySessionChange();
}

/** The last tab chosen, for links to the lists from pages that have none (no router needed). */
export function useRememberedParticipantType(): ParticipantType {
  return useSyncExternalStore(subscribeSession, getParticipantType, getParticipantType);
}

/** A link to `path` on the tab `type`: list pages carry it as `?type=`, unless it is Internal. */
export function withParticipantType(path: string, type: ParticipantType): string {
  if (!isTypeFilteredPath(path) || type === DEFAULT_PARTICIPANT_TYPE) return path;
  return `${path}?${new URLSearchParams({ [PARTICIPANT_TYPE_PARAM]: type }).toString()}`;
}
