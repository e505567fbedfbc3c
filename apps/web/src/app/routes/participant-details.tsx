import { useMemo, useState } from 'react';
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { ParticipantProfile } from '@recovery-portal/contract/profile';
import { PageHeading } from '../../components/layout/page-heading';
import { CareTeamCard } from '../../features/care-team/components/care-team-card';
import { CreateTaskDialog } from '../../features/care-team/components/create-task-dialog';
import { ParticipantTasksSection } from '../../features/care-team/components/participant-tasks-section';
import { ParticipantConversationsCard } from '../../features/conversations/components/participant-conversations-card';
import {
  conversationFocusFromParams,
  withoutConversationFocus,
} from '../../features/conversations/conversation-focus';
import { DigitalTwinDialog } from '../../features/digital-twin/components/digital-twin-dialog';
import { getParticipantFlagsQueryOptions } from '../../features/flags/api/get-participant-flags';
import { ParticipantFlagsSection } from '../../features/flags/components/participant-flags-section';
import { ImagingSection } from '../../features/imaging/components/imaging-section';
import { ParticipantActions } from '../../features/participant-details/components/participant-actions';
import { ParticipantProfileGate } from '../../features/participant-details/components/participant-profile-gate';
import {
  DetailsSection,
  SectionNav,
} from '../../features/participant-details/components/section-nav';
import { ParticipantProfilePanel } from '../../features/participant-details/components/participant-profile-panel';
import { OutcomeTrendsSection } from '../../features/outcomes/components/outcome-trends-section';
import { PainSection } from '../../features/pain/components/pain-section';
import { ParticipantNudgesCard } from '../../features/profile-nudges/components/participant-nudges-card';
import { SimulationSection } from '../../features/simulation/components/simulation-section';
import { SurgeriesSection } from '../../features/surgeries/components/surgeries-section';
import { ParticipantSurveysCard } from '../../features/surveys/components/participant-surveys-card';
import { SurveyScheduleCard } from '../../features/surveys/components/survey-schedule-card';
import { HomeHealthTelemetryCard } from '../../features/telemetry/components/home-health-telemetry-card';
import { LabsVitalsCard } from '../../features/telemetry/components/labs-vitals-card';
import { ThresholdsSection } from '../../features/thresholds/components/thresholds-section';

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
  const fullName = `${profile.first_name} ${profile.last_name}`.trim();
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
              participantName={fullName}
              renderFollowUp={(followUp) => <CreateTaskDialog open {...followUp} />}
            />
          </DetailsSection>
          <DetailsSection id="tasks">
            <ParticipantTasksSection participantId={participantId} participantName={fullName} />
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
              firstName={firstName}
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
      <DigitalTwinDialog
        participantId={participantId}
        open={digitalTwinOpen}
        onClose={() => setDigitalTwinOpen(false)}
      />
    </>
  );
}
