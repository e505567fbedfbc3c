import { NOT_REVIEWED_DAYS_CHOICES } from '@recovery-portal/contract/participants';
import { NativeSelectField } from '#app/components/ui/native-select-field.tsx';

const ANY = '';

const CHOICES = [
  { value: ANY, label: 'Any' },
  ...NOT_REVIEWED_DAYS_CHOICES.map((days) => ({ value: String(days), label: `${days} days` })),
];

export type NotReviewedFilterProps = {
  /** '' for any, else the number of days as written in the URL. */
  value: string;
  onChange: (value: string) => void;
};

/** Narrows the list to participants nobody has reviewed in the last N days (never counts). */
export function NotReviewedFilter({ value, onChange }: NotReviewedFilterProps) {
  return (
    <NativeSelectField
      label="Not reviewed in"
      value={value}
      onChange={onChange}
      sx={{ minWidth: 124 }}
    >
      {CHOICES.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </NativeSelectField>
  );
}
