import type {
  ConversationMarker,
  TranscriptMessage,
} from '@recovery-portal/contract/conversations';
import {
  parseChatThreads,
  parseConversationMarkers,
  type ProfileConversation,
} from '@recovery-portal/contract/profile';

/** A profile conversation with its JSON-string markers and transcript parsed once. */
export type ConversationRow = ProfileConversation & {
  markerList: ConversationMarker[];
  messages: TranscriptMessage[];
  /** The markers' content joined (the Extract column), before truncation. */
  extractText: string;
};

export function toConversationRow(conversation: ProfileConversation): ConversationRow {
  const markerList = parseConversationMarkers(conversation.markers);
  return {
    ...conversation,
    markerList,
    messages: parseChatThreads(conversation.chat_threads),
    extractText:
      markerList.length > 0
        ? markerList.map((marker) => marker.content).join(', ')
        : conversation.extract,
  };
}
