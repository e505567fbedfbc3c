import { useId, useState } from 'react';
import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import { useController } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  required?: boolean;
  /** A text area growing from `minRows` lines (a note). */
  multiline?: boolean;
  minRows?: number;
  /** Shown while the field has no visible error. */
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  sx?: SxProps<Theme>;
};

/**
 * An outlined text input bound to react-hook-form. Spec §5: a validation message appears only
 * after the user has both changed the field and left it, or left it blank (ADR 0024: a form
 * that validates on leaving a field says what is missing); a message set by the server always
 * shows. Built from MUI's input parts rather than TextField, whose select mode would pull
 * menus and modals into the small /login bundle (DESIGN §7).
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  readOnly,
  endAdornment,
  sx,
  ...inputProps
}: FormTextFieldProps<T>) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  // RHF's isDirty turns false again when a value is typed then erased; "edited" must not.
  const [edited, setEdited] = useState(false);
  const { error } = fieldState;
  // A required field passed over blank says so too (ADR 0024): nothing typed is nothing to wait for.
  const blank = field.value === undefined || field.value === null || field.value === '';
  const showError =
    error !== undefined && (error.type === 'server' || (fieldState.isTouched && (edited || blank)));
  const helper = showError ? error.message : helperText;
  const helperId = `${id}-helper`;
  // A date input always shows its own dd/mm/yyyy mask: a label over it would hide it.
  const shrink = inputProps.type === 'date' ? true : undefined;

  return (
    <FormControl
      variant="outlined"
      fullWidth
      error={showError}
      disabled={inputProps.disabled}
      required={inputProps.required}
      sx={sx}
    >
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...inputProps}
        id={id}
        label={label}
        notched={shrink}
        name={field.name}
        value={field.value ?? ''}
        inputRef={field.ref}
        onChange={(event) => {
          setEdited(true);
          field.onChange(event);
        }}
        onBlur={field.onBlur}
        readOnly={readOnly}
        // A tinted background tells the user the value is given, not theirs to type.
        sx={readOnly ? { bgcolor: 'action.hover' } : undefined}
        endAdornment={endAdornment}
        aria-describedby={helper ? helperId : undefined}
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
