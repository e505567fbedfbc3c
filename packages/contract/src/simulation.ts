import * as z from 'zod/mini';
import { participantIdField } from './participants';
import { surgeryProcedureSchema } from './surgery';

/**
 * The simulation programme (spec §7 'Simulation and trend'): a Demo participant enrolled in a
 * programme gets a generated recovery timeline up to the simulation's current_run_date, and the
 * telemetry and trend calls read that participant as of their run date.
 */

export const SIMULATION_MESSAGES = {
  programIdInvalid: 'program_id must be a positive whole number.',
  programNotFound: (programId: number) => `There is no simulation programme with id ${programId}.`,
  onlyDemo:
    'Only Demo participants can be enrolled in a simulation programme; change the participant type to Demo first.',
  alreadyEnrolled: (programName: string) =>
    `This participant is already enrolled in the simulation programme "${programName}".`,
  enrolled: (programName: string) => `Enrolled in "${programName}"; the programme data is ready.`,
} as const;

/** A programme the simulation can run. */
export const simulationProgramSchema = z.object({
  id: z.int(),
  /** Stable machine name, e.g. KNEE_REPLACEMENT_12W. */
  code: z.string(),
  name: z.string(),
  description: z.string(),
  duration_days: z.int().check(z.positive()),
  /** The surgery the programme follows; enrolment records it as the participant's surgery. */
  procedure: surgeryProcedureSchema,
});
export type SimulationProgram = z.infer<typeof simulationProgramSchema>;

/** GET /api/simulation */
export const simulationStateSchema = z.object({
  /** YYYY-MM-DD: the simulated 'today' new enrolments are generated up to. */
  current_run_date: z.iso.date(),
  programs: z.array(simulationProgramSchema),
});
export type SimulationState = z.infer<typeof simulationStateSchema>;

/** GET /api/simulation/program?user_id= */
export const simulationProgramQuerySchema = z.object({ user_id: participantIdField() });

/** A participant's enrolment; the telemetry and trend calls read them as of current_run_date. */
export const simulationEnrolmentSchema = z.object({
  user_id: z.int(),
  program: simulationProgramSchema,
  enrolled_at: z.iso.datetime({ offset: true }),
  /** YYYY-MM-DD: first day of generated programme data. */
  start_date: z.iso.date(),
  /** YYYY-MM-DD: the generated surgery date. */
  surgery_date: z.iso.date(),
  /** The surgery record the enrolment created (null if a clinician has since removed it). */
  surgery_id: z.nullable(z.int()),
  /** YYYY-MM-DD: the last day data was generated for ('today' for this participant). */
  current_run_date: z.iso.date(),
});
export type SimulationEnrolment = z.infer<typeof simulationEnrolmentSchema>;

/** GET /api/simulation/program answers the enrolment, or null when not enrolled. */
export const simulationEnrolmentOrNullSchema = z.nullable(simulationEnrolmentSchema);

/** POST /api/simulation/program/enroll */
export const enrollRequestSchema = z.object({
  user_id: participantIdField(),
  program_id: participantIdField(SIMULATION_MESSAGES.programIdInvalid),
});
export type EnrollRequest = z.output<typeof enrollRequestSchema>;

/** Rows generated for the participant, per kind. */
export const generatedRowCountsSchema = z.object({
  measurements: z.int().check(z.nonnegative()),
  activity: z.int().check(z.nonnegative()),
  nudges: z.int().check(z.nonnegative()),
  conversations: z.int().check(z.nonnegative()),
  survey_responses: z.int().check(z.nonnegative()),
  pain_logs: z.int().check(z.nonnegative()),
});

export const enrollResponseSchema = z.object({
  message: z.string(),
  enrolment: simulationEnrolmentSchema,
  generated: generatedRowCountsSchema,
});
export type EnrollResponse = z.infer<typeof enrollResponseSchema>;
