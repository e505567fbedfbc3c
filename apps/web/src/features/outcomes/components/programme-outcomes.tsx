import type { ReactNode } from 'react';
import { Alert, Box, Skeleton, Typography } from '@mui/material';
import {
  PROGRAMME_OUTCOMES_MESSAGES,
  programmeOutcomesFilterText,
} from '@recovery-portal/contract/programme-outcomes';
import { MINE_URL_VALUE } from '@recovery-portal/contract/care-team';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { ExportButton } from '#app/components/ui/export-button.tsx';
import { FilterSwitch } from '#app/components/ui/filter-switch.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import type { CohortFilterValues } from '#app/lib/cohort-filters.ts';
import { useNotify } from '#app/lib/notify.ts';
import {
  useDownloadProgrammeOutcomes,
  type ProgrammeFileFormat,
} from '#app/features/outcomes/api/download-programme-outcomes.ts';
import { useProgrammeOutcomes } from '#app/features/outcomes/api/get-programme-outcomes.ts';
import { useProgrammeOutcomesState } from '#app/features/outcomes/programme-outcomes-state.ts';
import { BehindTable } from './behind-table';
import { ProgrammeMeasureCard } from './programme-measure-card';

/** The participant list's cohort filter, handed in by the route (another feature's piece). */
export type RenderCohortFilter = (props: {
  values: CohortFilterValues;
  onChange: (values: Partial<CohortFilterValues>) => void;
}) => ReactNode;

const FILES: readonly { format: ProgrammeFileFormat; label: string }[] = [
  { format: 'csv', label: PROGRAMME_OUTCOMES_MESSAGES.csvButton },
  { format: 'fhir', label: PROGRAMME_OUTCOMES_MESSAGES.fhirButton },
];

/**
 * Programme outcomes (/outcomes): for the filters clinicians know from the participant list,
 * each published score's median and middle half per timepoint, the shares reaching the MCID,
 * PASS and SCB next to the published shares, questionnaire completion, and who is behind.
 */
export function ProgrammeOutcomes({
  renderCohortFilter,
}: {
  renderCohortFilter: RenderCohortFilter;
}) {
  const { values, setValues, query } = useProgrammeOutcomesState();
  const figures = useProgrammeOutcomes(query);
  const download = useDownloadProgrammeOutcomes();
  const notify = useNotify();

  let body: ReactNode;
  if (figures.isError) {
    body = (
      <Alert severity="error">
        Could not load the programme outcomes: {errorMessage(figures.error)}
      </Alert>
    );
  } else if (figures.isPending) {
    body = (
      <Skeleton
        variant="rounded"
        height={320}
        role="progressbar"
        aria-label="Loading programme outcomes"
      />
    );
  } else {
    const data = figures.data;
    body = (
      <>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {data.participants} participants ({programmeOutcomesFilterText(query)}).
        </Typography>
        {data.demo ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {PROGRAMME_OUTCOMES_MESSAGES.demo}
          </Alert>
        ) : null}
        {data.measures.length === 0 ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            No questionnaire is scheduled or scored for these participants yet.
          </Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              // minmax(0, …): a wide table scrolls inside its card instead of widening the page.
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              gap: 2,
              mb: 2,
            }}
          >
            {data.measures.map((measure) => (
              <ProgrammeMeasureCard key={measure.measure} measure={measure} />
            ))}
          </Box>
        )}
        <BehindTable rows={data.behind} total={data.behind_total} />
      </>
    );
  }

  return (
    <Box>
      <PageHeading title={PROGRAMME_OUTCOMES_MESSAGES.title} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        How the participants of the selected tab are doing, per published score, computed from their
        stored questionnaires. Shares reaching a threshold are shown next to the shares the
        publications report; read them with the completion, since those who do not answer are not
        counted.
      </Typography>
      <Box
        role="group"
        aria-label="Filters"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
      >
        {renderCohortFilter({ values, onChange: setValues })}
        <FilterSwitch
          label="Mine"
          checked={values.mine === MINE_URL_VALUE}
          onChange={(on) => setValues({ mine: on ? MINE_URL_VALUE : '' })}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', gap: 1 }}>
          {FILES.map((file) => (
            <ExportButton
              key={file.format}
              pending={download.isPending && download.variables.format === file.format}
              onClick={() =>
                download.mutate(
                  { query, format: file.format },
                  {
                    onSuccess: (fileName) =>
                      notify.success(PROGRAMME_OUTCOMES_MESSAGES.downloaded(fileName), 'snackbar'),
                    onError: (error) => notify.error(errorMessage(error)),
                  },
                )
              }
            >
              {file.label}
            </ExportButton>
          ))}
        </Box>
      </Box>
      {body}
    </Box>
  );
}
