import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { DEFAULT_PARTICIPANT_TYPE, participantTypeSchema } from '@recovery-portal/contract/users';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { notifySessionChange, subscribeSession } from './session';

/**
 * The Internal / Pilot / Demo tab filters every list (spec §4). On a list it is the URL's `type`
 * parameter, with the rest of the list's state (decision 0004; Internal, the default, left out),
 * so a shared link opens the same tab. Session storage remembers the last tab for the pages
 * without a list and for the links to the lists (menu, logo); logout, which clears session
 * storage, puts it back to the default.
 */
export const PARTICIPANT_TYPE_KEY = 'participant_type';
const PARTICIPANT_TYPE_PARAM = 'type';

/** The pages whose list the tab filters, and whose URL therefore carries it. */
const TYPE_FILTERED_PATHS: readonly string[] = [
  WEB_ROUTES.home,
  WEB_ROUTES.participants,
  WEB_ROUTES.nudges,
  WEB_ROUTES.coach,
  WEB_ROUTES.flags,
];

function isTypeFilteredPath(pathname: string): boolean {
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
  const parsed = participantTypeSchema.safeParse(readStoredType());
  return parsed.success ? parsed.data : DEFAULT_PARTICIPANT_TYPE;
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

/**
 * The selected participant type and its setter; every list keys its query on the value. On a
 * list page it is read from the URL (a missing or unknown value is Internal) and remembered;
 * choosing a tab there writes it to the URL and goes back to page 1. Elsewhere it is the
 * remembered tab.
 */
export function useParticipantType(): [ParticipantType, (type: ParticipantType) => void] {
  const remembered = useRememberedParticipantType();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const inUrl = isTypeFilteredPath(pathname);
  const linked = participantTypeSchema.safeParse(params.get(PARTICIPANT_TYPE_PARAM));
  const type = inUrl ? (linked.success ? linked.data : DEFAULT_PARTICIPANT_TYPE) : remembered;

  // A link (or Back) that opened another tab: the menu's links follow it from now on.
  useEffect(() => {
    if (inUrl && type !== remembered) setParticipantType(type);
  }, [inUrl, type, remembered]);

  const set = useCallback(
    (next: ParticipantType) => {
      // On a list the URL decides, and the effect above remembers it once it has changed.
      if (!inUrl) {
        setParticipantType(next);
        return;
      }
      setParams((previous) => {
        const updated = new URLSearchParams(previous);
        if (next === DEFAULT_PARTICIPANT_TYPE) updated.delete(PARTICIPANT_TYPE_PARAM);
        else updated.set(PARTICIPANT_TYPE_PARAM, next);
        // Another tab's list starts on its first page.
        updated.delete('page');
        return updated;
      });
    },
    [inUrl, setParams],
  );
  return [type, set];
}
