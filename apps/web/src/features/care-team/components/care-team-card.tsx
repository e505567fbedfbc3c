import { lazy, useState } from 'react';
import { Alert, Button, Typography } from '@mui/material';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { useParticipantCareTeam } from '#app/features/care-team/api/get-participant-care-team.ts';

// Loads when first opened (DESIGN §7).
const AssignResponsibleDialog = lazy(async () => ({
  default: (await import('./assign-responsible-dialog')).AssignResponsibleDialog,
}));

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
      <LoadWhenOpened open={open}>
        <AssignResponsibleDialog
          open={open}
          participantIds={[participantId]}
          current={responsible}
          onClose={() => setOpen(false)}
        />
      </LoadWhenOpened>
    </SectionCard>
  );
}
