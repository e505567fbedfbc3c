import type { FlagFollowUp } from './flag-follow-up';

/**
 * Test-only: stands in for the task dialog the route hands the flags, showing what a flag's
 * "Create task" passed on, with a button that closes it.
 */
export function renderFollowUpProbe({
  participantId,
  participantName,
  flag,
  onClose,
}: FlagFollowUp) {
  return (
    <div role="dialog" aria-label="Follow-up task">
      <p>{`Participant ${participantId}: ${participantName}; flag ${flag.id}: ${flag.finding}`}</p>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
