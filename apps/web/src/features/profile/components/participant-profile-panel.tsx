import { Avatar, Box, Button, Chip, Paper, Typography } from '@mui/material';
import type { ChipProps } from '@mui/material';
import { fullName } from '@recovery-portal/contract/participant-identity';
import { PARTICIPANT_STATUS_LABELS } from '@recovery-portal/contract/participants';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import type { UserStatus } from '@recovery-portal/contract/users';
import { DetailField } from '#app/components/ui/detail-field.tsx';
import { LazyTooltip } from '#app/components/ui/lazy-tooltip.tsx';
import { ParticipantIdentifiers } from '#app/components/ui/participant-identity.tsx';
import { formatBmi, formatWeight } from '#app/lib/clinical.ts';
import { DATE_FORMATS, formatDate, formatNumber } from '#app/lib/format.ts';
import { ClinicalRecordCards } from './clinical-record-cards';
import { TriageStatus } from './triage-status';

const STATUS_COLOURS: Record<UserStatus, ChipProps['color']> = {
  ACTIVATED: 'success',
  PENDING_ACTIVATION: 'info',
  SUSPENDED: 'error',
};

function initialsOf(profile: ParticipantProfile): string {
  const letters = [profile.first_name, profile.last_name]
    .map((name) => name.trim().charAt(0))
    .join('');
  return letters.toUpperCase() || '?';
}

function ageAndGender(profile: ParticipantProfile): string {
  const age = profile.age === null ? 'Age not recorded' : `${profile.age} years`;
  return profile.gender ? `${age}, ${profile.gender}` : age;
}

type ParticipantProfilePanelProps = {
  profile: ParticipantProfile;
  /** The name opens the Digital Twin dialog (spec §2), which the page composes. */
  onOpenDigitalTwin: () => void;
};

/** The left panel of participant details (spec §2). */
export function ParticipantProfilePanel({
  profile,
  onOpenDigitalTwin,
}: ParticipantProfilePanelProps) {
  return (
    <Box
      component="aside"
      aria-label="Participant profile"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Avatar
            sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: '1.5rem' }}
            aria-hidden="true"
          >
            {initialsOf(profile)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="h2" sx={{ lineHeight: 1.2 }}>
              <LazyTooltip title="Click to view Digital Twin" describeChild>
                <Button
                  onClick={onOpenDigitalTwin}
                  aria-haspopup="dialog"
                  sx={{
                    font: 'inherit',
                    p: 0,
                    minWidth: 0,
                    justifyContent: 'flex-start',
                    textAlign: 'left',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {fullName(profile)}
                </Button>
              </LazyTooltip>
            </Typography>
            <ParticipantIdentifiers participant={profile} />
            <Typography color="text.secondary">{ageAndGender(profile)}</Typography>
          </Box>
        </Box>
        <Typography sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
          <EmailAddress address={profile.user_name} />
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}>
          <Chip
            size="small"
            color={STATUS_COLOURS[profile.status]}
            label={PARTICIPANT_STATUS_LABELS[profile.status]}
            aria-label={`Status: ${PARTICIPANT_STATUS_LABELS[profile.status]}`}
          />
          <Chip
            size="small"
            variant="outlined"
            label={profile.tracker_connected ?? 'No tracker connected'}
            aria-label={`Tracker: ${profile.tracker_connected ?? 'none connected'}`}
          />
        </Box>
        <TriageStatus participantId={profile.id} />
      </Paper>

      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="basic-information-title"
        sx={{ p: 2.5 }}
      >
        <Typography id="basic-information-title" component="h2" variant="h3" sx={{ mb: 1.5 }}>
          Basic Information
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 1,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, fontWeight: 600 },
          }}
        >
          <DetailField term="Height">
            {profile.height === null ? '-' : `${formatNumber(profile.height)} cm`}
          </DetailField>
          <DetailField term="Weight">
            {profile.weight === null ? '-' : `${formatWeight(profile.weight)} kg`}
            <ReadingDay day={profile.weight_date} />
          </DetailField>
          <DetailField term="BMI">
            {formatBmi(profile.bmi)}
            <ReadingDay day={profile.bmi_date} />
          </DetailField>
          <DetailField term="User Type">{profile.user_type}</DetailField>
        </Box>
      </Paper>

      <ClinicalRecordCards records={profile.clinical_records} />
    </Box>
  );
}

/** An email address that, when it must wrap, wraps after the @ rather than mid-word. */
function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at === -1) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

function ReadingDay({ day }: { day: string | null }) {
  if (!day) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      color="text.secondary"
      sx={{ display: 'block', fontWeight: 400 }}
    >
      {formatDate(day, DATE_FORMATS.reading)}
    </Typography>
  );
}
