import { PARTICIPANT_DETAILS_PARAMS } from '@recovery-portal/contract/paths';

/** A conversation to open on arrival, with a passage (a flag's match) to point out. */
export type ConversationFocus = {
  conversationId: number;
  /** The transcript message holding the passage; null when it is a marker. */
  messageIndex: number | null;
  highlight: string;
};

const ID = /^\d{1,9}$/;

/** Reads the focus from participant details' query string; null when absent or malformed. */
export function conversationFocusFromParams(params: URLSearchParams): ConversationFocus | null {
  const conversation = params.get(PARTICIPANT_DETAILS_PARAMS.conversation);
  const message = params.get(PARTICIPANT_DETAILS_PARAMS.message);
  if (conversation === null || !ID.test(conversation)) return null;
  return {
    conversationId: Number(conversation),
    messageIndex: message !== null && ID.test(message) ? Number(message) : null,
    highlight: params.get(PARTICIPANT_DETAILS_PARAMS.highlight) ?? '',
  };
}

/** The query string without the focus, for when its dialog closes. */
export function withoutConversationFocus(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.values(PARTICIPANT_DETAILS_PARAMS)) next.delete(key);
  return next;
}
