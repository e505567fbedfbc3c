import type { SurgeryProcedure } from '@recovery-portal/contract/surgery';

export interface SimulationProgramDefinition {
  code: string;
  name: string;
  description: string;
  durationDays: number;
  procedure: SurgeryProcedure;
}

/**
 * The programmes the migration seeds (0002_surgery-imaging-pain-simulation.sql inserts the same
 * rows; keep the two in step). Tests re-create them after emptying the tables.
 */
export const SIMULATION_PROGRAM_DEFINITIONS: readonly SimulationProgramDefinition[] = [
  {
    code: 'KNEE_REPLACEMENT_12W',
    name: 'Knee replacement recovery (12 weeks)',
    description:
      'Preparation before a total knee replacement and twelve weeks of recovery after it: activity, sleep, weight, pain and mood telemetry, daily nudges, coach conversations and the KOOS JR, PROMIS and pain surveys.',
    durationDays: 84,
    procedure: 'TOTAL_KNEE_REPLACEMENT',
  },
  {
    code: 'HIP_REPLACEMENT_12W',
    name: 'Hip replacement recovery (12 weeks)',
    description:
      'Preparation before a total hip replacement and twelve weeks of recovery after it: activity, sleep, weight, pain and mood telemetry, daily nudges, coach conversations and the PROMIS and pain surveys.',
    durationDays: 84,
    procedure: 'TOTAL_HIP_REPLACEMENT',
  },
  {
    code: 'CARDIAC_REHAB_12W',
    name: 'Cardiac rehab (12 weeks)',
    description:
      'Cardiac rehabilitation around coronary artery bypass surgery: graded activity, blood pressure, sleep, mood and chest pain check-ins, nudges and coach conversations.',
    durationDays: 84,
    procedure: 'CORONARY_ARTERY_BYPASS_GRAFT',
  },
];
