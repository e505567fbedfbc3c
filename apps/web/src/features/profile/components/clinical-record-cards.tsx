import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  List,
  ListItem,
  Typography,
} from '@mui/material';
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
 * cards of the left panel (spec §2), listing the stored records, newest first.
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
  return (
    <Accordion
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMore />}
        id={`${id}-header`}
        aria-controls={`${id}-content`}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          <Chip
            size="small"
            label={records.length}
            aria-label={`${records.length} ${records.length === 1 ? 'record' : 'records'}`}
            sx={{ ml: 'auto', mr: 1 }}
          />
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`} sx={{ pt: 0 }}>
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
      </AccordionDetails>
    </Accordion>
  );
}
