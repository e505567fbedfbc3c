import { CohortFilter } from '#app/features/participants/components/cohort-filter.tsx';
import { ProgrammeOutcomes } from '#app/features/outcomes/components/programme-outcomes.tsx';

/** Route /outcomes: programme outcomes, narrowed with the participant list's cohort filter. */
export function OutcomesRoute() {
  return <ProgrammeOutcomes renderCohortFilter={(props) => <CohortFilter {...props} />} />;
}
