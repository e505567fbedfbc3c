import { lazy, Suspense, useMemo, useState } from 'react';
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { identityText } from '@recovery-portal/contract/participant-identity';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { PageHeading } from '#app/components/layout/page-heading.tsx';
import { LoadWhenOpened } from '#app/components/ui/deferred.tsx';
import { CareTeamCard } from '#app/features/care-team/components/care-team-card.tsx';
import { ParticipantTasksSection } from '#app/features/care-team/components/participant-tasks-section.tsx';
import { ParticipantConversationsCard } from '#app/features/conversations/components/participant-conversations-card.tsx';
import {
  conversationFocusFromParams,
  withoutConversationFocus,
} from '#app/features/conversations/conversation-focus.ts';
import { getParticipantFlagsQueryOptions } from '#app/features/flags/api/get-participant-flags.ts';
import { ParticipantFlagsSection } from '#app/features/flags/components/participant-flags-section.tsx';
import { ImagingSection } from '#app/features/imaging/components/imaging-section.tsx';
import { ParticipantActions } from '#app/features/profile/components/participant-actions.tsx';
import { ParticipantProfileGate } from '#app/features/profile/components/participant-profile-gate.tsx';
import { DetailsSection, SectionNav } from '#app/features/profile/components/section-nav.tsx';
import { ParticipantProfilePanel } from '#app/features/profile/components/participant-profile-panel.tsx';
import { OutcomeTrendsSection } from '#app/features/outcomes/components/outcome-trends-section.tsx';
import { PainSection } from '#app/features/pain/components/pain-section.tsx';
import { ParticipantNudgesCard } from '#app/features/profile-nudges/components/participant-nudges-card.tsx';
import { SimulationSection } from '#app/features/simulation/components/simulation-section.tsx';
import { SurgeriesSection } from '#app/features/surgery/components/surgeries-section.tsx';
import { ParticipantSurveysCard } from '#app/features/surveys/components/participant-surveys-card.tsx';
import { SurveyScheduleCard } from '#app/features/surveys/components/survey-schedule-card.tsx';
import { HomeHealthTelemetryCard } from '#app/features/telemetry/components/home-health-telemetry-card.tsx';
import { LabsVitalsCard } from '#app/features/telemetry/components/labs-vitals-card.tsx';
import { ThresholdsSection } from '#app/features/thresholds/components/thresholds-section.tsx';

// Dialogs load when first opened (DESIGN §7).
const CreateTaskDialog = lazy(async () => ({
  default: (await import('#app/features/care-team/components/create-task-dialog.tsx'))
    .CreateTaskDialog,
}));
const DigitalTwinDialog = lazy(async () => ({
  default: (await import('#app/features/digital-twin/components/digital-twin-dialog.tsx'))
    .DigitalTwinDialog,
}));

/** Route /participant-details/:patientId (spec §2 'Participant details'). */
export function ParticipantDetailsRoute() {
  const { patientId } = useParams();
  return (
    <>
      <PageHeading title="Participant details" />
      <ParticipantProfileGate rawId={patientId}>
        {(profile) => <ParticipantDetailsPage key={profile.id} profile={profile} />}
      </ParticipantProfileGate>
    </>
  );
}

function ParticipantDetailsPage({ profile }: { profile: ParticipantProfile }) {
  const [digitalTwinOpen, setDigitalTwinOpen] = useState(false);
  const participantId = profile.id;
  const firstName = profile.first_name;
  // A task or flag follow-up names the participant with two identifiers (participant-identity.ts).
  const identity = identityText(profile);
  const queryClient = useQueryClient();
  // A flag's link opens its conversation at the match (?conversation=…&message=…&highlight=…).
  const [params, setParams] = useSearchParams();
  const focus = useMemo(() => conversationFocusFromParams(params), [params]);

  return (
    <>
      <ParticipantActions profile={profile} />
      <SectionNav />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: '1fr',
            md: '300px minmax(0, 1fr)',
            xl: '340px minmax(0, 1fr)',
          },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <ParticipantProfilePanel
          profile={profile}
          onOpenDigitalTwin={() => setDigitalTwinOpen(true)}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
          <DetailsSection id="flags">
            <ParticipantFlagsSection
              participantId={participantId}
              participantName={identity}
              renderFollowUp={(followUp) => (
                <Suspense fallback={null}>
                  <CreateTaskDialog open {...followUp} />
                </Suspense>
              )}
            />
          </DetailsSection>
          <DetailsSection id="tasks">
            <ParticipantTasksSection participantId={participantId} participantName={identity} />
          </DetailsSection>
          <DetailsSection id="care-team">
            <CareTeamCard participantId={participantId} />
          </DetailsSection>
          <DetailsSection id="vitals">
            <LabsVitalsCard participantId={participantId} />
          </DetailsSection>
          <DetailsSection id="telemetry">
            <HomeHealthTelemetryCard participantId={participantId} />
          </DetailsSection>
          <DetailsSection id="survey-schedule">
            <SurveyScheduleCard participantId={participantId} />
          </DetailsSection>
          <DetailsSection id="outcomes">
            <OutcomeTrendsSection participantId={participantId} />
          </DetailsSection>
          <DetailsSection id="conversations">
            <ParticipantConversationsCard
              participantId={participantId}
              participant={profile}
              focus={focus}
              onFocusClosed={() =>
                setParams((current) => withoutConversationFocus(current), { replace: true })
              }
            />
          </DetailsSection>
          <DetailsSection id="nudges">
            <ParticipantNudgesCard participantId={participantId} firstName={firstName} />
          </DetailsSection>
          <DetailsSection id="surveys">
            <ParticipantSurveysCard participantId={participantId} firstName={firstName} />
          </DetailsSection>
          <DetailsSection id="surgeries">
            <SurgeriesSection participantId={participantId} />
          </DetailsSection>
          <DetailsSection id="imaging">
            <ImagingSection participantId={participantId} />
          </DetailsSection>
          <DetailsSection id="pain">
            <PainSection participantId={participantId} />
          </DetailsSection>
          <DetailsSection id="thresholds">
            <ThresholdsSection
              participantId={participantId}
              // New limits are applied to the recent readings at once and may raise flags.
              onSaved={() =>
                void queryClient.invalidateQueries({
                  queryKey: getParticipantFlagsQueryOptions(participantId).queryKey,
                })
              }
            />
          </DetailsSection>
          <DetailsSection id="simulation">
            <SimulationSection participantId={participantId} userType={profile.user_type} />
          </DetailsSection>
        </Box>
      </Box>
      <LoadWhenOpened open={digitalTwinOpen}>
        <DigitalTwinDialog
          participantId={participantId}
          open={digitalTwinOpen}
          onClose={() => setDigitalTwinOpen(false)}
        />
      </LoadWhenOpened>
    </>
  );
}
