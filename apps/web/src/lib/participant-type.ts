import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_PARTICIPANT_TYPE, participantTypeSchema } from '@recovery-portal/contract/users';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { notifySessionChange, subscribeSession } from './session';

/**
 * The Internal / Pilot / Demo tab filters every list (spec §4). It lives in session storage
 * so that logout, which clears session storage, puts it back to the default.
 */
export const PARTICIPANT_TYPE_KEY = 'participant_type';

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

/** The selected participant type and its setter; every list keys its query on the value. */
export function useParticipantType(): [ParticipantType, (type: ParticipantType) => void] {
  const type = useSyncExternalStore(subscribeSession, getParticipantType, getParticipantType);
  const set = useCallback((next: ParticipantType) => setParticipantType(next), []);
  return [type, set];
}
