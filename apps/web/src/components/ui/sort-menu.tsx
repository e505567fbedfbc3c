import type { SxProps, Theme } from '@mui/material';
import { NativeSelectField } from './native-select-field';

export type SortDirection = 'asc' | 'desc';

export type SortOption<Field extends string = string> = {
  field: Field;
  direction: SortDirection;
  /** What the option says, e.g. "Date (newest first)". */
  label: string;
};

export type SortValue<Field extends string = string> = { field: Field; direction: SortDirection };

export type SortMenuProps<Field extends string> = {
  options: readonly SortOption<Field>[];
  value: SortValue<Field>;
  onChange: (value: SortValue<Field>) => void;
  /** Visible label and accessible name. */
  label?: string;
  sx?: SxProps<Theme>;
};

const keyOf = (value: SortValue) => `${value.field}:${value.direction}`;

/** A labelled dropdown of sort options, each a field with a direction. */
export function SortMenu<Field extends string>({
  options,
  value,
  onChange,
  label = 'Sort by',
  sx,
}: SortMenuProps<Field>) {
  const selected = keyOf(value);
  return (
    <NativeSelectField
      label={label}
      value={options.some((option) => keyOf(option) === selected) ? selected : ''}
      onChange={(key) => {
        const option = options.find((candidate) => keyOf(candidate) === key);
        if (option) onChange({ field: option.field, direction: option.direction });
      }}
      sx={[{ minWidth: 220 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {options.map((option) => (
        <option key={keyOf(option)} value={keyOf(option)}>
          {option.label}
        </option>
      ))}
    </NativeSelectField>
  );
}

/** A list's sort as its URL state keeps it (lib/list-state.ts). */
type ListSort = { orderBy: string; orderDirection: string };

/** The sort menu of a list whose sort lives in its URL state; anything but 'asc' is 'desc'. */
export function ListSortMenu({
  options,
  values,
  onChange,
  sx,
}: {
  options: readonly SortOption[];
  values: ListSort;
  onChange: (sort: ListSort) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <SortMenu
      options={options}
      value={{ field: values.orderBy, direction: values.orderDirection === 'asc' ? 'asc' : 'desc' }}
      onChange={({ field, direction }) => onChange({ orderBy: field, orderDirection: direction })}
      sx={sx}
    />
  );
}
