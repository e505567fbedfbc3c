import { queryOptions, useQuery } from '@tanstack/react-query';
import { digitalTwinSchema } from '@recovery-portal/contract/digital-twin';
import type { DigitalTwin } from '@recovery-portal/contract/digital-twin';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { digitalTwinKeys } from './digital-twin-keys';

/** GET /api/chat/get-user-object-nursery/{id} — the participant's digital twin (any JSON object). */
export function getDigitalTwin(participantId: number, signal?: AbortSignal): Promise<DigitalTwin> {
  return apiRequest(API_PATHS.chat.digitalTwin(participantId), {
    schema: digitalTwinSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getDigitalTwinQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: digitalTwinKeys.participant(participantId),
    queryFn: ({ signal }) => getDigitalTwin(participantId, signal),
  });
}

/** Asks only while the dialog is open. */
export function useDigitalTwin(participantId: number, enabled = true) {
  return useQuery({ ...getDigitalTwinQueryOptions(participantId), enabled });
}
