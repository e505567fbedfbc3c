import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { profileConversationListSchema } from '@recovery-portal/contract/profile';
import type { ProfileConversation } from '@recovery-portal/contract/profile';
import { apiRequest } from '#app/lib/api/request.ts';
import { conversationKeys } from './conversation-keys';

/** GET /api/chat/getchatlist/{id} — the participant's coach conversations, newest first. */
export function getParticipantConversations(
  participantId: number,
  signal?: AbortSignal,
): Promise<ProfileConversation[]> {
  return apiRequest(API_PATHS.chat.chatList(participantId), {
    schema: profileConversationListSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getParticipantConversationsQueryOptions(participantId: number) {
  return queryOptions({
    queryKey: conversationKeys.participant(participantId),
    queryFn: ({ signal }) => getParticipantConversations(participantId, signal),
  });
}

export function useParticipantConversations(participantId: number) {
  return useQuery(getParticipantConversationsQueryOptions(participantId));
}
