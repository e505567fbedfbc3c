import { useState } from 'react';
import { Box, ButtonBase, Chip, List, ListItem, Paper, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  CLINICAL_RECORD_CATEGORIES,
  CLINICAL_RECORD_LABELS,
} from '@recovery-portal/contract/clinical-records';
import type { ClinicalRecordCategory } from '@recovery-portal/contract/clinical-records';
import type { ClinicalRecord, ClinicalRecords } from '@recovery-portal/contract/profile';
import { DATE_FORMATS, formatDate } from '#app/lib/format.ts';

/**
 * The collapsed Lab Results, Medications, Allergies, ED Visits, Consults and Hospitalization
 * cards of the left panel (spec §2), listing the stored records, newest first. Each is a
 * disclosure button and its region, drawn without MUI's Accordion, whose summary and collapse
 * transition every details page's first load would otherwise carry (DESIGN §7).
 */
export function ClinicalRecordCards({ records }: { records: ClinicalRecords }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {CLINICAL_RECORD_CATEGORIES.map((category) => (
        <RecordCard key={category} category={category} records={records[category]} />
      ))}
    </Box>
  );
}

function RecordCard({
  category,
  records,
}: {
  category: ClinicalRecordCategory;
  records: ClinicalRecord[];
}) {
  const label = CLINICAL_RECORD_LABELS[category];
  const id = `clinical-records-${category.toLowerCase()}`;
  const [expanded, setExpanded] = useState(false);
  return (
    <Paper variant="outlined">
      <ButtonBase
        id={`${id}-header`}
        aria-expanded={expanded}
        aria-controls={`${id}-content`}
        onClick={() => setExpanded((open) => !open)}
        sx={{ width: '100%', minHeight: 48, px: 2, justifyContent: 'flex-start', gap: 1 }}
      >
        <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
        <Chip
          size="small"
          label={records.length}
          aria-label={`${records.length} ${records.length === 1 ? 'record' : 'records'}`}
          sx={{ ml: 'auto' }}
        />
        <ExpandMore
          aria-hidden
          sx={{
            color: 'action.active',
            transform: expanded ? 'rotate(180deg)' : undefined,
            transition: (theme) => theme.transitions.create('transform'),
          }}
        />
      </ButtonBase>
      <Box
        id={`${id}-content`}
        role="region"
        aria-labelledby={`${id}-header`}
        hidden={!expanded}
        sx={{ px: 2, pb: 2 }}
      >
        {records.length === 0 ? (
          <Typography color="text.secondary">No data available</Typography>
        ) : (
          <List dense disablePadding aria-label={label}>
            {records.map((record, index) => (
              <ListItem
                key={`${record.title}-${record.recorded_on ?? ''}-${index}`}
                disableGutters
                divider={index < records.length - 1}
                sx={{ display: 'block', py: 1 }}
              >
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
                    {record.title}
                  </Typography>
                  {record.recorded_on ? (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {formatDate(record.recorded_on, DATE_FORMATS.reading)}
                    </Typography>
                  ) : null}
                </Box>
                {record.detail ? (
                  <Typography variant="body2" color="text.secondary">
                    {record.detail}
                  </Typography>
                ) : null}
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Paper>
  );
}
