import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { SimulationEnrolment, SimulationProgram } from '@recovery-portal/contract/simulation';
import type { ParticipantType } from '@recovery-portal/contract/users';
import { LazyConfirmDialog } from '#app/components/ui/lazy-confirm-dialog.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { formatDate, formatNumber, MEDIUM_DATE_FORMAT } from '#app/lib/format.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useEnroll } from '#app/features/simulation/api/enroll.ts';
import { useEnrolment } from '#app/features/simulation/api/get-enrolment.ts';
import { useSimulationState } from '#app/features/simulation/api/get-simulation-state.ts';

export type SimulationSectionProps = {
  participantId: number;
  userType: ParticipantType;
};

/** The simulation programme of a Demo participant; nothing for other participants (ADR 0007). */
export function SimulationSection({ participantId, userType }: SimulationSectionProps) {
  if (userType !== 'Demo') return null;
  return <DemoSimulation participantId={participantId} />;
}

function DemoSimulation({ participantId }: { participantId: number }) {
  const enrolment = useEnrolment(participantId);
  let body;
  if (enrolment.isError) {
    body = (
      <Alert severity="error">
        Could not load the simulation programme: {errorMessage(enrolment.error)}
      </Alert>
    );
  } else if (enrolment.isPending) {
    body = <Typography color="text.secondary">Loading...</Typography>;
  } else if (enrolment.data) {
    body = <CurrentEnrolment enrolment={enrolment.data} />;
  } else {
    body = <ProgramChoice participantId={participantId} />;
  }
  return <SectionCard title="Simulation programme">{body}</SectionCard>;
}

function CurrentEnrolment({ enrolment }: { enrolment: SimulationEnrolment }) {
  const facts: [string, string][] = [
    ['Programme', enrolment.program.name],
    ['Start date', formatDate(enrolment.start_date, MEDIUM_DATE_FORMAT)],
    ['Surgery date', formatDate(enrolment.surgery_date, MEDIUM_DATE_FORMAT)],
    ['Current run date', formatDate(enrolment.current_run_date, MEDIUM_DATE_FORMAT)],
  ];
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {enrolment.program.description}
      </Typography>
      <Box
        component="dl"
        aria-label="Current enrolment"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
        }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function ProgramChoice({ participantId }: { participantId: number }) {
  const state = useSimulationState();
  const enroll = useEnroll();
  const notify = useNotify();
  const [chosen, setChosen] = useState<SimulationProgram | null>(null);

  if (state.isError) {
    return (
      <Alert severity="error">Could not load the programmes: {errorMessage(state.error)}</Alert>
    );
  }
  if (state.isPending) return <Typography color="text.secondary">Loading...</Typography>;

  const confirm = () => {
    if (!chosen) return;
    enroll.mutate(
      { user_id: participantId, program_id: chosen.id },
      {
        onSuccess: ({ message }) => {
          notify.success(message, 'snackbar');
          setChosen(null);
        },
        onError: (error) => {
          notify.error(errorMessage(error));
          setChosen(null);
        },
      },
    );
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Not enrolled. Simulation run date:{' '}
        {formatDate(state.data.current_run_date, MEDIUM_DATE_FORMAT)}.
      </Typography>
      {state.data.programs.length === 0 ? (
        <Typography color="text.secondary">No programmes available</Typography>
      ) : (
        <Box component="ul" aria-label="Programmes" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {state.data.programs.map((program) => (
            <Box
              component="li"
              key={program.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 2,
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{program.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {program.description} ({formatNumber(program.duration_days)} days)
                </Typography>
              </Box>
              <Button
                variant="outlined"
                aria-label={`Enroll in ${program.name}`}
                onClick={() => setChosen(program)}
              >
                Enroll
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <LazyConfirmDialog
        open={chosen !== null}
        title={`Enroll in ${chosen?.name ?? 'this programme'}?`}
        body="This generates the participant's programme data and replaces their generated demo data."
        pending={enroll.isPending}
        onConfirm={confirm}
        onCancel={() => setChosen(null)}
      />
    </>
  );
}
