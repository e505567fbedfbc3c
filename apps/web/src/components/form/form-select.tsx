import { useId } from 'react';
import { FormControl, FormHelperText, InputLabel, MenuItem, Select } from '@mui/material';
import { useController } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

export type FormSelectOption = { value: string | number; label: string };

export type FormSelectProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly FormSelectOption[];
};

/**
 * A required MUI select bound to react-hook-form. The chosen option's value is stored as it is
 * (numbers stay numbers); like the text fields, a message shows once the field was touched.
 */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
}: FormSelectProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.isTouched ? fieldState.error?.message : undefined;
  return (
    <FormControl fullWidth required error={error !== undefined}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select<string | number>
        labelId={`${id}-label`}
        label={label}
        name={field.name}
        value={(field.value as string | number | null | undefined) ?? ''}
        inputRef={field.ref}
        onChange={(event) =>
          field.onChange(
            options.find((option) => String(option.value) === String(event.target.value))?.value ??
              event.target.value,
          )
        }
        onBlur={field.onBlur}
        aria-describedby={error ? `${id}-helper` : undefined}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
      {error ? <FormHelperText id={`${id}-helper`}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
