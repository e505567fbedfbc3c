import {
  PARTICIPANT_SORT_OPTIONS,
  PARTICIPANT_STATUS_FILTERS,
} from '@recovery-portal/contract/participants';
import type { ParticipantStatusFilter } from '@recovery-portal/contract/participants';
import { PageToolbar } from '#app/components/layout/toolbar-slot.tsx';
import { FilterFold } from '#app/components/ui/filter-fold.tsx';
import { FilterSwitch } from '#app/components/ui/filter-switch.tsx';
import { SearchBox } from '#app/components/ui/search-box.tsx';
import { ListSortMenu } from '#app/components/ui/sort-menu.tsx';
import { ToggleChoice } from '#app/components/ui/toggle-choice.tsx';
import {
  appliedFilterCount,
  FILTER_ON,
  statusUrlValueOf,
} from '#app/features/participants/participants-state.ts';
import type { ParticipantListKey } from '#app/features/participants/participants-state.ts';
import { CohortFilter } from './cohort-filter';
import { NotReviewedFilter } from './not-reviewed-filter';

const SORT_OPTIONS = PARTICIPANT_SORT_OPTIONS.map((option) => ({
  field: option.orderBy,
  direction: option.orderDirection,
  label: option.label,
}));

const STATUS_BUTTONS = PARTICIPANT_STATUS_FILTERS.map((filter) => ({
  value: statusUrlValueOf(filter.value),
  label: filter.label,
}));

export type ParticipantsToolbarProps = {
  values: Readonly<Record<ParticipantListKey, string>>;
  setValues: (patch: Partial<Record<ParticipantListKey, string>>) => void;
  status: ParticipantStatusFilter;
  /** Folded (a phone or small tablet), the cohort filter joins the others behind Filters. */
  folded: boolean;
};

/**
 * The list's toolbar: status, sort, review and care-team filters, and the search (spec §2). On a
 * narrow screen all but the search fold behind one Filters button that counts those applied.
 */
export function ParticipantsToolbar({
  values,
  setValues,
  status,
  folded,
}: ParticipantsToolbarProps) {
  const filters = (
    <>
      <ToggleChoice
        label="Participant status"
        options={STATUS_BUTTONS}
        value={statusUrlValueOf(status)}
        onChange={(next) => setValues({ status: next })}
      />
      <ListSortMenu
        options={SORT_OPTIONS}
        values={values}
        onChange={setValues}
        // Narrower on a laptop so status, sort, filters and search share one line.
        sx={{ minWidth: { xs: 200, xl: 260 } }}
      />
      <NotReviewedFilter
        value={values.notReviewed}
        onChange={(notReviewed) => setValues({ notReviewed })}
      />
      <FilterSwitch
        label="Mine"
        checked={values.mine === FILTER_ON}
        onChange={(on) => setValues({ mine: on ? FILTER_ON : '' })}
      />
      <FilterSwitch
        label="Overdue tasks"
        checked={values.overdue === FILTER_ON}
        onChange={(on) => setValues({ overdue: on ? FILTER_ON : '' })}
      />
      {folded && <CohortFilter values={values} onChange={setValues} />}
    </>
  );
  return (
    <PageToolbar>
      <FilterFold folded={folded} applied={appliedFilterCount(values)} filters={filters}>
        <SearchBox
          label="Search participants"
          placeholder="Name, email or MRN"
          value={values.search}
          onSearch={(search) => setValues({ search })}
          sx={folded ? { minWidth: 0 } : undefined}
        />
      </FilterFold>
    </PageToolbar>
  );
}
