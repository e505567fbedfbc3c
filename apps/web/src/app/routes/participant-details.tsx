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
import { ParticipantActions } from '#app/features/profile/components/participant-actions.tsx';
import { ParticipantProfileGate } from '#app/features/profile/components/participant-profile-gate.tsx';
import {
  NearSection,
  type SectionHeights,
} from '#app/features/profile/components/near-section.tsx';
import { DetailsSection, SectionNav } from '#app/features/profile/components/section-nav.tsx';
import { ParticipantProfilePanel } from '#app/features/profile/components/participant-profile-panel.tsx';
import { ParticipantNudgesCard } from '#app/features/profile-nudges/components/participant-nudges-card.tsx';
import { ParticipantSurveysCard } from '#app/features/surveys/components/participant-surveys-card.tsx';
import { SurveyScheduleCard } from '#app/features/surveys/components/survey-schedule-card.tsx';
import { HomeHealthTelemetryCard } from '#app/features/telemetry/components/home-health-telemetry-card.tsx';
import { LabsVitalsCard } from '#app/features/telemetry/components/labs-vitals-card.tsx';

// Dialogs load when first opened (DESIGN §7).
const CreateTaskDialog = lazy(async () => ({
  default: (await import('#app/features/care-team/components/create-task-dialog.tsx'))
    .CreateTaskDialog,
}));
const DigitalTwinDialog = lazy(async () => ({
  default: (await import('#app/features/digital-twin/components/digital-twin-dialog.tsx'))
    .DigitalTwinDialog,
}));

// The lower sections load as they come near the viewport (DESIGN §7). A section that may show
// nothing (conversations, nudges, surveys) stays eager: the section bar links by content.
const OutcomeTrendsSection = lazy(async () => ({
  default: (await import('#app/features/outcomes/components/outcome-trends-section.tsx'))
    .OutcomeTrendsSection,
}));
const SurgeriesSection = lazy(async () => ({
  default: (await import('#app/features/surgery/components/surgeries-section.tsx'))
    .SurgeriesSection,
}));
const ImagingSection = lazy(async () => ({
  default: (await import('#app/features/imaging/components/imaging-section.tsx')).ImagingSection,
}));
const PainSection = lazy(async () => ({
  default: (await import('#app/features/pain/components/pain-section.tsx')).PainSection,
}));
const ThresholdsSection = lazy(async () => ({
  default: (await import('#app/features/thresholds/components/thresholds-section.tsx'))
    .ThresholdsSection,
}));
const SimulationSection = lazy(async () => ({
  default: (await import('#app/features/simulation/components/simulation-section.tsx'))
    .SimulationSection,
}));

/**
 * Each lazily loaded section's usual height with the demo data, measured at 390, 768 and 1280 px
 * wide, for its stand-in card.
 */
const SECTION_HEIGHTS = {
  outcomes: { xs: 3790, sm: 2260, md: 1950 },
  surgeries: { xs: 480, sm: 295, md: 253 },
  imaging: { xs: 313, sm: 257, md: 334 },
  pain: { xs: 1657, sm: 696, md: 696 },
  thresholds: { xs: 731, sm: 280, md: 280 },
  simulation: { xs: 682, sm: 394, md: 334 },
} as const satisfies Record<string, SectionHeights>;

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
            <NearSection title="Outcome trends" height={SECTION_HEIGHTS.outcomes}>
              <OutcomeTrendsSection participantId={participantId} />
            </NearSection>
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
            <NearSection title="Surgeries" height={SECTION_HEIGHTS.surgeries}>
              <SurgeriesSection participantId={participantId} />
            </NearSection>
          </DetailsSection>
          <DetailsSection id="imaging">
            <NearSection title="Medical imaging" height={SECTION_HEIGHTS.imaging}>
              <ImagingSection participantId={participantId} />
            </NearSection>
          </DetailsSection>
          <DetailsSection id="pain">
            <NearSection title="Pain" height={SECTION_HEIGHTS.pain}>
              <PainSection participantId={participantId} />
            </NearSection>
          </DetailsSection>
          <DetailsSection id="thresholds">
            <NearSection title="Alert thresholds" height={SECTION_HEIGHTS.thresholds}>
              <ThresholdsSection
                participantId={participantId}
                // New limits are applied to the recent readings at once and may raise flags.
                onSaved={() =>
                  void queryClient.invalidateQueries({
                    queryKey: getParticipantFlagsQueryOptions(participantId).queryKey,
                  })
                }
              />
            </NearSection>
          </DetailsSection>
          {/* Only the Demo type has a simulation: for anyone else no section, and no link to it. */}
          {profile.user_type === 'Demo' && (
            <DetailsSection id="simulation">
              <NearSection title="Simulation programme" height={SECTION_HEIGHTS.simulation}>
                <SimulationSection participantId={participantId} userType={profile.user_type} />
              </NearSection>
            </DetailsSection>
          )}
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
