import { participantDetailsPath } from '@recovery-portal/contract/paths';
import type { Flag } from '@recovery-portal/contract/flags';

/**
 * Where a flag leads: the participant's details, with a conversation flag's conversation open
 * at the matched passage.
 */
export function flagLink(flag: Flag): string {
  return flag.conversation_id === null
    ? participantDetailsPath(flag.user_id)
    : participantDetailsPath(flag.user_id, {
        conversationId: flag.conversation_id,
        messageIndex: flag.message_index,
        highlight: flag.matched_text,
      });
}

export function participantNameOf(flag: Pick<Flag, 'first_name' | 'last_name'>): string {
  return `${flag.first_name} ${flag.last_name}`.trim() || 'Unnamed participant';
}
