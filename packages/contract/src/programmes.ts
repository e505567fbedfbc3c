import * as z from 'zod/mini';

/**
 * The recovery programmes a participant follows. GENERAL is the programme as a whole (its usual
 * mix of knee, hip and cardiac patients), used when neither a surgery nor the participant's
 * group names the procedure.
 */
export const RECOVERY_PROGRAMMES = ['KNEE', 'HIP', 'CARDIAC', 'GENERAL'] as const;
export const recoveryProgrammeSchema = z.enum(RECOVERY_PROGRAMMES);
export type RecoveryProgramme = z.infer<typeof recoveryProgrammeSchema>;

export const RECOVERY_PROGRAMME_LABELS: Record<RecoveryProgramme, string> = {
  KNEE: 'Knee replacement programme',
  HIP: 'Hip replacement programme',
  CARDIAC: 'Cardiac surgery programme',
  GENERAL: 'General recovery programme',
};
