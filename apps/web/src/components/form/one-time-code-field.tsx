import { useId } from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { useController } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

export type OneTimeCodeFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** 'totp': six digits from an authenticator app; 'recovery': a recovery code. */
  kind: 'totp' | 'recovery';
  helperText?: string;
  autoFocus?: boolean;
};

/**
 * A code field that phones fill in well: the TOTP kind asks for the numeric keypad and lets the
 * browser offer a one-time code (autocomplete="one-time-code"); the recovery kind takes letters.
 * Its message shows once the field was left or the form submitted, or when the server set it.
 */
export function OneTimeCodeField<T extends FieldValues>({
  control,
  name,
  label,
  kind,
  helperText,
  autoFocus,
}: OneTimeCodeFieldProps<T>) {
  const id = useId();
  const { field, fieldState, formState } = useController({ control, name });
  const { error } = fieldState;
  const showError =
    error !== undefined &&
    (error.type === 'server' || fieldState.isTouched || formState.submitCount > 0);
  const helper = showError ? error.message : helperText;
  const helperId = `${id}-helper`;
  const totp = kind === 'totp';

  return (
    <FormControl variant="outlined" fullWidth error={showError}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={field.name}
        value={field.value ?? ''}
        inputRef={field.ref}
        onChange={field.onChange}
        onBlur={field.onBlur}
        autoFocus={autoFocus}
        autoComplete={totp ? 'one-time-code' : 'off'}
        aria-describedby={helper ? helperId : undefined}
        slotProps={{
          input: {
            inputMode: totp ? 'numeric' : 'text',
            maxLength: totp ? 7 : 14,
            spellCheck: false,
            autoCapitalize: totp ? 'off' : 'characters',
            style: { letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' },
          },
        }}
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}
