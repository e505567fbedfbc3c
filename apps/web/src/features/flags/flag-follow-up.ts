import type { ReactNode } from 'react';

/** A follow-up task asked for from a flag: what the task dialog needs, and how to close it. */
export type FlagFollowUp = {
  participantId: number;
  participantName: string;
  flag: { id: number; finding: string };
  onClose: () => void;
};

/**
 * Draws the new-task dialog for a flag. Tasks are another feature (care team), so the route
 * hands its dialog in rather than the flags importing it.
 */
export type RenderFlagFollowUp = (followUp: FlagFollowUp) => ReactNode;
