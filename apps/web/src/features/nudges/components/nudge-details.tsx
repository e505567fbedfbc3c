import { Box, Button, Link, Paper, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { DetailField } from '#app/components/ui/detail-field.tsx';
import { FeedbackIcon } from '#app/components/ui/feedback-icon.tsx';
import { RecordGate } from '#app/components/ui/record-gate.tsx';
import { formatDate, formatDateTime } from '#app/lib/format.ts';
import { useNudge } from '#app/features/nudges/api/get-nudge.ts';
import { NUDGE_DATE_FORMAT, NUDGE_STATUS_LABELS } from '#app/features/nudges/nudges-state.ts';

/** A positive whole number from the URL, or null for anything else. */
export function parseNudgeId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

type NudgeDetailsProps = {
  /** The :id of the route, as written in the URL. */
  rawId: string | undefined;
  /** The list's query string to return to, when the user came from the list. */
  listSearch?: string;
};

/** One nudge on its own page (DESIGN §5: the route the original linked to but never had). */
export function NudgeDetails({ rawId, listSearch = '' }: NudgeDetailsProps) {
  const id = parseNudgeId(rawId);
  const nudge = useNudge(id);
  const backLink = (
    <Button
      component={RouterLink}
      to={`${WEB_ROUTES.nudges}${listSearch}`}
      startIcon={<ArrowBack />}
      sx={{ alignSelf: 'flex-start' }}
    >
      Back to nudges
    </Button>
  );

  return (
    <RecordGate
      id={id}
      rawId={rawId}
      query={nudge}
      noun="nudge"
      notFoundTitle="Nudge not found"
      notFoundReason="It may have been removed, or the link is wrong."
      loadingText="Loading..."
      backLink={backLink}
    >
      {(data) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {backLink}
          <Paper variant="outlined" component="article" aria-labelledby="nudge-title" sx={{ p: 3 }}>
            <Typography id="nudge-title" component="h2" variant="h2" sx={{ mb: 1 }}>
              {data.title}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', mb: 3 }}>{data.content}</Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                columnGap: 4,
                rowGap: 1.5,
                m: 0,
                '& dt': { color: 'text.secondary', fontWeight: 600 },
                '& dd': { m: 0 },
              }}
            >
              <DetailField term="Date">
                {formatDate(data.target_date, NUDGE_DATE_FORMAT)}
              </DetailField>
              <DetailField term="Participant">
                <Link
                  component={RouterLink}
                  to={`${WEB_ROUTES.participantDetails}/${data.participant_id}`}
                >
                  {data.participant_name}
                </Link>
              </DetailField>
              <DetailField term="Notification time">{data.send_time || '-'}</DetailField>
              <DetailField term="Status">{NUDGE_STATUS_LABELS[data.tracking_type]}</DetailField>
              <DetailField term="Feedback">
                <FeedbackIcon feedback={data.feedback_type} />
              </DetailField>
              <DetailField term="Opened">
                {data.opened_at ? formatDateTime(data.opened_at) : 'Not opened yet'}
              </DetailField>
            </Box>
          </Paper>
        </Box>
      )}
    </RecordGate>
  );
}
