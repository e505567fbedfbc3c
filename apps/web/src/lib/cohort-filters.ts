import { isCalendarDate } from '@recovery-portal/contract/calendar-dates';
import { RECOVERY_PROGRAMMES } from '@recovery-portal/contract/programmes';
import { surgeryRangeInOrder } from '@recovery-portal/contract/participants';

/** The cohort filters as kept in a screen's URL: group, surgery days and programme. */
export type CohortFilterValues = Readonly<
  Record<'group' | 'surgeryFrom' | 'surgeryTo' | 'programme', string>
>;

/**
 * The cohort filters of a URL state, as the API takes them (the participant list and the
 * programme outcomes share them). A hand-edited URL with a malformed day or a range that runs
 * backwards loses that bound rather than failing the screen.
 */
export function cohortFiltersOf(values: CohortFilterValues) {
  const surgery_from = isCalendarDate(values.surgeryFrom) ? values.surgeryFrom : '';
  const surgery_to = isCalendarDate(values.surgeryTo) ? values.surgeryTo : '';
  const range = { surgery_from, surgery_to };
  return {
    group: values.group.trim(),
    programme:
      RECOVERY_PROGRAMMES.find((programme) => programme === values.programme) ?? ('' as const),
    ...(surgeryRangeInOrder(range) ? range : { surgery_from, surgery_to: '' }),
  };
}
