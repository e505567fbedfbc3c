import type { ReactNode } from 'react';
import { Skeleton } from '@mui/material';
import { LoadWhenNear } from '#app/components/ui/deferred.tsx';
import { SectionCard } from '#app/components/ui/section-card.tsx';

/**
 * A section's usual height in pixels with the demo data: on a phone (xs), on a tablet (sm), and
 * from md on, where the page has its profile column beside the sections. A section is taller the
 * narrower it is, so one height for all would move what follows when the section arrives.
 */
export type SectionHeights = { xs: number; sm: number; md: number };

/**
 * A lower section of the details page whose code loads once it comes near the viewport
 * (DESIGN §7). Until then it stands in as its own card, titled as the section is and about as tall,
 * so a link to it lands on it and nothing below moves when it arrives. Only for a section that
 * always shows its card: the section bar links every section that has content.
 */
export function NearSection({
  title,
  height,
  children,
}: {
  /** The section card's own title. */
  title: string;
  /** The section's usual height in pixels at each width (see `SectionHeights`). */
  height: SectionHeights;
  children: ReactNode;
}) {
  return (
    <LoadWhenNear
      placeholder={
        <SectionCard title={title} sx={{ height }}>
          <Skeleton
            variant="rounded"
            height="calc(100% - 48px)"
            role="progressbar"
            aria-label={`Loading ${title}`}
          />
        </SectionCard>
      }
    >
      {children}
    </LoadWhenNear>
  );
}
