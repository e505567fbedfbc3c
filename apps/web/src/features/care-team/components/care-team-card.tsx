import { useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { SectionCard } from '../../../components/ui/section-card';
import { errorMessage } from '../../../lib/api/api-error';
import { useParticipantCareTeam } from '../api/get-participant-care-team';
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
