import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Box, Link } from '@mui/material';
import { useLocation } from 'react-router';

/** The details page's sections in page order; the id is the URL's #fragment. */
export const PARTICIPANT_SECTIONS = [
  { id: 'flags', label: 'Flags' },
  { id: 'tasks', label: 'Tasks' },
  { id: 'care-team', label: 'Care team' },
  { id: 'vitals', label: 'Labs & vitals' },
  { id: 'telemetry', label: 'Telemetry' },
  { id: 'survey-schedule', label: 'Survey schedule' },
  { id: 'outcomes', label: 'Outcomes' },
  { id: 'conversations', label: 'Conversations' },
  { id: 'nudges', label: 'Nudges' },
  { id: 'surveys', label: 'Surveys' },
  { id: 'surgeries', label: 'Surgeries' },
  { id: 'imaging', label: 'Imaging' },
  { id: 'pain', label: 'Pain' },
  { id: 'thresholds', label: 'Thresholds' },
  { id: 'simulation', label: 'Simulation' },
] as const;

export type ParticipantSectionId = (typeof PARTICIPANT_SECTIONS)[number]['id'];

/** Room for the sticky section bar above a section it scrolled to. */
const SCROLL_MARGIN_PX = 64;

/** One section of the page, the target of its link in the section bar. */
export function DetailsSection({
  id,
  children,
}: {
  id: ParticipantSectionId;
  children: ReactNode;
}) {
  return (
    <Box id={id} sx={{ scrollMarginTop: `${SCROLL_MARGIN_PX}px` }}>
      {children}
    </Box>
  );
}

/**
 * Sticky links to the sections of a 5,000-pixel page (ADR 0024). Each link is a #fragment, so the
 * URL keeps the section: a reload, the back button or a shared link lands on it again.
 */
export function SectionNav() {
  const { hash } = useLocation();
  const current = hash.slice(1);

  // The sections render after the profile has loaded, too late for the browser's own jump.
  useEffect(() => {
    if (!current) return;
    document.getElementById(current)?.scrollIntoView({ block: 'start' });
  }, [current]);

  return (
    <Box
      component="nav"
      aria-label="Sections"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        mb: 2,
        py: 1,
        bgcolor: 'background.default',
        borderBottom: 1,
        borderColor: 'divider',
        // On a phone the links scroll sideways inside the bar, never the page.
        overflowX: 'auto',
        whiteSpace: 'nowrap',
        display: 'flex',
        gap: 2,
      }}
    >
      {PARTICIPANT_SECTIONS.map((section) => (
        <Link
          key={section.id}
          href={`#${section.id}`}
          underline="hover"
          aria-current={current === section.id ? 'location' : undefined}
          sx={{ fontWeight: current === section.id ? 700 : 500, py: 0.5 }}
        >
          {section.label}
        </Link>
      ))}
    </Box>
  );
}
