import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  DEFAULT_PARTICIPANT_TYPE,
  isParticipantType,
  type ParticipantType,
} from '@recovery-portal/contract/constants';
import {
  isTypeFilteredPath,
  PARTICIPANT_TYPE_PARAM,
  setParticipantType,
  useRememberedParticipantType,
} from './remembered-participant-type';

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
  const linked = params.get(PARTICIPANT_TYPE_PARAM);
  const type = inUrl ? (isParticipantType(linked) ? linked : DEFAULT_PARTICIPANT_TYPE) : remembered;

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
