import { lazy, useState } from 'react';
import { Button } from '@mui/material';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import TaskAlt from '@mui/icons-material/TaskAlt';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@recovery-portal/contract/messages';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { REVIEW_MESSAGES } from '@recovery-portal/contract/review';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { PageToolbar } from '#app/components/layout/toolbar-slot.tsx';
import { LazyConfirmDialog } from '#app/components/ui/lazy-confirm-dialog.tsx';
import { ParticipantBanner } from '#app/components/ui/participant-identity.tsx';
import { useNotify } from '#app/lib/notify.ts';
import { useDeleteParticipant } from '#app/features/profile/api/delete-participant.ts';
import { useMarkParticipantReviewed } from '#app/features/profile/api/mark-participant-reviewed.ts';
import { useResumeParticipant } from '#app/features/profile/api/resume-participant.ts';
import { useSuspendParticipant } from '#app/features/profile/api/suspend-participant.ts';
import { ReportButton } from './report-button';

// Loads when first opened (DESIGN §7).
const EditParticipantDialog = lazy(async () => ({
  default: (await import('./edit-participant-dialog')).EditParticipantDialog,
}));

type OpenDialog = 'suspend' | 'delete' | 'edit' | null;

/**
 * The participant's toolbar (spec §2): Mark reviewed (at once: it only records who looked and
 * when), Report (the printable recovery report), Suspend (when active, after confirming), Reactivate (when suspended, at once), Delete
 * (after confirming, then home) and Edit Participant. Failures show as errors (DESIGN §5), not
 * styled as success as in the original.
 */
export function ParticipantActions({ profile }: { profile: ParticipantProfile }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const suspend = useSuspendParticipant();
  const resume = useResumeParticipant();
  const remove = useDeleteParticipant();
  const review = useMarkParticipantReviewed();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const onSuspend = () => {
    suspend.mutate(profile.id, {
      onSuccess: () => notify.success(MESSAGES.participants.suspendSuccess, 'snackbar'),
      onError: () => notify.error(MESSAGES.participants.suspendErrorDetail),
      onSettled: close,
    });
  };

  const onReview = () => {
    review.mutate(profile.id, {
      onSuccess: () => notify.success(REVIEW_MESSAGES.markedReviewed, 'snackbar'),
      onError: () => notify.error(REVIEW_MESSAGES.markReviewedFailed),
    });
  };

  const onReactivate = () => {
    resume.mutate(profile.id, {
      onSuccess: () => notify.success(MESSAGES.participants.reactivateSuccess, 'snackbar'),
      onError: () => notify.error(MESSAGES.participants.reactivateError),
    });
  };

  const onDelete = () => {
    remove.mutate(profile.id, {
      onSuccess: () => {
        notify.success(MESSAGES.participants.deleteSuccess, 'snackbar');
        close();
        void navigate(WEB_ROUTES.home);
      },
      onError: () => {
        notify.error(MESSAGES.participants.deleteError);
        close();
      },
    });
  };

  return (
    <>
      <PageToolbar>
        <Button
          variant="outlined"
          startIcon={<TaskAlt />}
          onClick={onReview}
          loading={review.isPending}
          loadingPosition="start"
        >
          {REVIEW_MESSAGES.markReviewed}
        </Button>
        <ReportButton participantId={profile.id} />
        {profile.status === 'ACTIVATED' ? (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<PauseCircleOutlined />}
            onClick={() => setDialog('suspend')}
          >
            Suspend Participant
          </Button>
        ) : null}
        {profile.status === 'SUSPENDED' ? (
          <Button
            variant="outlined"
            color="success"
            startIcon={<PlayCircleOutlined />}
            onClick={onReactivate}
            loading={resume.isPending}
            loadingPosition="start"
          >
            Reactivate Participant
          </Button>
        ) : null}
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteOutlined />}
          onClick={() => setDialog('delete')}
        >
          Delete Participant
        </Button>
        <Button variant="contained" startIcon={<Edit />} onClick={() => setDialog('edit')}>
          Edit Participant
        </Button>
      </PageToolbar>

      <LazyConfirmDialog
        open={dialog === 'suspend'}
        title={MESSAGES.participants.confirmSuspendTitle}
        subject={<ParticipantBanner participant={profile} />}
        onConfirm={onSuspend}
        onCancel={close}
        pending={suspend.isPending}
      />
      <LazyConfirmDialog
        open={dialog === 'delete'}
        title={MESSAGES.participants.confirmDeleteTitle}
        body={MESSAGES.participants.confirmDeleteBody}
        subject={<ParticipantBanner participant={profile} />}
        width={345}
        onConfirm={onDelete}
        onCancel={close}
        pending={remove.isPending}
        destructive
      />
      <LoadWhenOpened open={dialog === 'edit'}>
        <EditParticipantDialog open={dialog === 'edit'} profile={profile} onClose={close} />
      </LoadWhenOpened>
    </>
  );
}
