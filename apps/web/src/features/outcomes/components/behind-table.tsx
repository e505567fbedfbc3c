import { Box, Link, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router';
import { FLAG_STATUS_LABELS } from '@recovery-portal/contract/flags';
import { formatMeasureValue } from '@recovery-portal/contract/instruments';
import { participantDetailsPath } from '@recovery-portal/contract/paths';
import type { BehindParticipant } from '@recovery-portal/contract/programme-outcomes';
import { SURVEY_TIMEPOINT_LABELS } from '@recovery-portal/contract/surveys';
import { SectionCard } from '#app/components/ui/section-card.tsx';
import { SidewaysScroll } from '#app/components/ui/sideways-scroll.tsx';
import { formatDate, MEDIUM_DATE_FORMAT } from '#app/lib/format.ts';
import { PROGRAMME_TABLE_SX } from './programme-table';

function change(row: BehindParticipant): string {
  if (row.improvement === null) return '-';
  const text = formatMeasureValue(row.measure, Math.abs(row.improvement));
  return row.improvement > 0 ? `+${text}` : row.improvement < 0 ? `-${text}` : text;
}

const shortOf = (row: BehindParticipant) =>
  row.short_of.map((item) => `${item.kind} ${item.threshold}`).join(' and ');

/**
 * Who is behind: each participant whose latest score is not improving as expected, whether or
 * not triage flagged it, each opening the details page.
 */
export function BehindTable({ rows, total }: { rows: BehindParticipant[]; total: number }) {
  return (
    <SectionCard title="Not improving as expected">
      {rows.length === 0 ? (
        <Typography color="text.secondary">
          No participant of these filters has a latest score that is not improving as expected.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {rows.length < total ? `The first ${rows.length} of ${total}` : total} whose latest
            score falls short of the MCID or PASS, as the chart marks it: open flags first, then
            those without a flag (triage flags recent questionnaires only), acknowledged last.
            Improvement is positive when the score got better, whichever way its scale runs.
          </Typography>
          <SidewaysScroll label="Participants not improving as expected">
            <Box component="table" sx={PROGRAMME_TABLE_SX}>
              <caption style={visuallyHidden}>Participants not improving as expected</caption>
              <thead>
                <tr>
                  <th scope="col">Participant</th>
                  <th scope="col">Score</th>
                  <th scope="col">Latest</th>
                  <th scope="col">Improvement from PreOp</th>
                  <th scope="col">Short of</th>
                  <th scope="col">Flag</th>
                  <th scope="col">Flagged on</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.user_id}-${row.measure}`}>
                    <th scope="row">
                      <Link component={RouterLink} to={participantDetailsPath(row.user_id)}>
                        {`${row.first_name} ${row.last_name}`.trim() ||
                          `Participant ${row.user_id}`}
                      </Link>
                    </th>
                    <td>{row.label}</td>
                    <td>
                      {`${formatMeasureValue(row.measure, row.latest_score)} at ${SURVEY_TIMEPOINT_LABELS[row.latest_timepoint]}`}
                    </td>
                    <td>{change(row)}</td>
                    <td>{shortOf(row)}</td>
                    <td>
                      {row.flag_status === null
                        ? 'Not flagged'
                        : FLAG_STATUS_LABELS[row.flag_status]}
                    </td>
                    <td>
                      {row.detected_at === null
                        ? '-'
                        : formatDate(row.detected_at, MEDIUM_DATE_FORMAT)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </SidewaysScroll>
        </>
      )}
    </SectionCard>
  );
}
