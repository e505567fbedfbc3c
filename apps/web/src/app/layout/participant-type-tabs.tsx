import { Tab, Tabs } from '@mui/material';
import { PARTICIPANT_TYPES, participantTypeSchema } from '@recovery-portal/contract/users';
import { useParticipantType } from '#app/lib/participant-type.ts';

/** Internal / Pilot / Demo: the choice filters every list (spec §1). */
export function ParticipantTypeTabs() {
  const [type, setType] = useParticipantType();
  return (
    <Tabs
      value={type}
      onChange={(_event, value: unknown) => {
        const parsed = participantTypeSchema.safeParse(value);
        if (parsed.success) setType(parsed.data);
      }}
      aria-label="Participant type"
      textColor="inherit"
      indicatorColor="secondary"
      sx={{
        minWidth: 0,
        '& .MuiTabs-indicator': { bgcolor: 'common.white' },
        '& .MuiTab-root': {
          // MUI dims unselected inherit-colour tabs to 60%, too faint on the dark bar for WCAG AA.
          opacity: 0.85,
          // Three tabs beside the logo and Logout on a phone's one bar.
          minWidth: { xs: 0, sm: 90 },
          px: { xs: 1.25, sm: 2 },
        },
        '& .MuiTab-root.Mui-selected': { opacity: 1 },
      }}
    >
      {PARTICIPANT_TYPES.map((participantType) => (
        <Tab key={participantType} value={participantType} label={participantType} />
      ))}
    </Tabs>
  );
}
