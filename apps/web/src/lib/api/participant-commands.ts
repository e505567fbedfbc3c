import {
  participantDeletedSchema,
  participantListRowSchema,
} from '@recovery-portal/contract/participants';
import type {
  ParticipantDeleted,
  ParticipantListRow,
} from '@recovery-portal/contract/participants';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from './request';

/**
 * The account commands on one participant, asked for from the list and from the details page
 * alike: one fetcher per endpoint here, and each feature keeps its own hook (what refreshes after).
 */

/** PATCH /api/account/suspend: suspends an active participant. */
export function suspendParticipant(userId: number): Promise<ParticipantListRow> {
  return apiRequest(API_PATHS.account.suspend, {
    method: 'PATCH',
    body: { user_id: userId },
    schema: participantListRowSchema,
  });
}

/** PATCH /api/account/resume: reactivates a suspended participant. */
export function resumeParticipant(userId: number): Promise<ParticipantListRow> {
  return apiRequest(API_PATHS.account.resume, {
    method: 'PATCH',
    body: { user_id: userId },
    schema: participantListRowSchema,
  });
}

/** DELETE /api/account/{id}: removes the participant and all their data. */
export function deleteParticipant(id: number): Promise<ParticipantDeleted> {
  return apiRequest(API_PATHS.account.deleteParticipant(id), {
    method: 'DELETE',
    schema: participantDeletedSchema,
  });
}
