import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Link } from '@mui/material';
import { useLocation } from 'react-router';
import { ScrollRow } from '#app/components/ui/scroll-row.tsx';

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

/** What a person does to move about the page: a section link stops holding its section then. */
const USER_INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

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
 * The sections that show something. A card with nothing to show renders nothing (a participant
 * without conversations, the simulation of anyone outside the Demo tab), and a link to it would
 * jump nowhere; the page fills in as its calls answer, so this follows the page's DOM.
 */
function useShownSections(page: HTMLElement | null): readonly ParticipantSectionId[] {
  const [shown, setShown] = useState<readonly ParticipantSectionId[]>([]);
  useEffect(() => {
    if (!page) return;
    const read = () => {
      const next = PARTICIPANT_SECTIONS.filter(
        (section) => document.getElementById(section.id)?.hasChildNodes() ?? false,
      ).map((section) => section.id);
      setShown((previous) =>
        previous.length === next.length && previous.every((id, index) => id === next[index])
          ? previous
          : next,
      );
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(page, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [page]);
  return shown;
}

/**
 * Sticky links to the sections of a 5,000-pixel page (ADR 0024). Each link is a #fragment, so the
 * URL keeps the section: a reload, the back button or a shared link lands on it again. On a
 * narrow screen the links scroll sideways, with a cue at each edge that has more.
 */
export function SectionNav() {
  const { hash } = useLocation();
  const current = hash.slice(1);
  const [page, setPage] = useState<HTMLElement | null>(null);
  // The page around the bar: where the sections appear.
  const anchor = useCallback(
    (node: HTMLDivElement | null) => setPage(node?.parentElement ?? null),
    [],
  );
  const shown = useShownSections(page);

  // The sections render after the profile has loaded, too late for the browser's own jump; and
  // those above the chosen one still grow or shrink as their data and code arrive (DESIGN §7).
  // So the chosen section is brought to the top again whenever the page resizes, until the
  // clinician scrolls or clicks by themselves.
  useEffect(() => {
    if (!current || !page) return;
    const land = () => document.getElementById(current)?.scrollIntoView({ block: 'start' });
    land();
    if (typeof ResizeObserver === 'undefined') return;
    const resizes = new ResizeObserver(land);
    resizes.observe(page);
    for (const { id } of PARTICIPANT_SECTIONS) {
      const section = document.getElementById(id);
      if (section) resizes.observe(section);
    }
    const release = () => resizes.disconnect();
    for (const input of USER_INPUTS) window.addEventListener(input, release, { passive: true });
    return () => {
      release();
      for (const input of USER_INPUTS) window.removeEventListener(input, release);
    };
  }, [current, page]);

  return (
    <Box
      ref={anchor}
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        mb: 2,
        bgcolor: 'background.default',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <ScrollRow
        label="Sections"
        currentKey={current}
        background="default"
        rowSx={{ gap: 2, py: 1 }}
      >
        {PARTICIPANT_SECTIONS.filter((section) => shown.includes(section.id)).map((section) => (
          <Link
            key={section.id}
            href={`#${section.id}`}
            underline="hover"
            aria-current={current === section.id ? 'location' : undefined}
            sx={{ fontWeight: current === section.id ? 700 : 500, py: 0.5, flexShrink: 0 }}
          >
            {section.label}
          </Link>
        ))}
      </ScrollRow>
    </Box>
  );
}
