import { useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useParticipantCareTeam } from '#app/features/care-team/api/get-participant-care-team.ts';
import { AssignResponsibleDialog } from './assign-responsible-dialog';

/** The details page's care team: who is responsible, and Assign / Change. */
export function CareTeamCard({ participantId }: { participantId: number }) {
  const careTeam = useParticipantCareTeam(participantId);
  const [open, setOpen] = useState(false);
  const responsible = careTeam.data?.responsible ?? null;

  return (
    <SectionCard
      title="Care team"
      actions={
        careTeam.isSuccess ? (
          <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
            {responsible ? 'Change responsible clinician' : 'Assign responsible clinician'}
          </Button>
        ) : null
      }
    >
      {careTeam.isError ? (
        <Alert severity="error">Could not load the care team: {errorMessage(careTeam.error)}</Alert>
      ) : (
        <Typography>
          Responsible clinician:{' '}
          <strong>{careTeam.isPending ? '…' : (responsible?.name ?? 'Nobody assigned')}</strong>
        </Typography>
      )}
      <AssignResponsibleDialog
        open={open}
        participantIds={[participantId]}
        current={responsible}
        onClose={() => setOpen(false)}
      />
    </SectionCard>
  );
}
