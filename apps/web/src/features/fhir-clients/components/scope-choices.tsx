import { useId } from 'react';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
} from '@mui/material';
import { FHIR_RESOURCE_TYPES } from '@recovery-portal/contract/fhir';
import {
  FHIR_NON_PATIENT_TYPES,
  scopesReachPatientData,
  SYSTEM_WRITE_SCOPES,
} from '@recovery-portal/contract/fhir-clients';

/**
 * The choices, as SMART v2 scopes: reading every type, then each type, then the one write (the
 * coach's system answering participants' messages).
 */
const CHOICES = [
  { scope: 'system/*.rs', label: 'Every type (system/*.rs)' },
  ...FHIR_RESOURCE_TYPES.map((type) => ({ scope: `system/${type}.rs`, label: type })),
  ...SYSTEM_WRITE_SCOPES.map((scope) => ({ scope, label: `Send coach replies (${scope})` })),
];

export type ScopeChoicesProps = {
  value: readonly string[];
  onChange: (scopes: string[]) => void;
  onBlur: () => void;
  error?: string | undefined;
};

/**
 * The scopes of a system client, as labelled checkboxes in a fieldset. The helper says
 * whether the chosen scopes reach patient data, so a second administrator must approve.
 */
export function ScopeChoices({ value, onChange, onBlur, error }: ScopeChoicesProps) {
  const helpId = useId();
  const reach = scopesReachPatientData(value)
    ? 'These scopes reach patient data: the client works only once a second administrator approves it.'
    : `Only ${FHIR_NON_PATIENT_TYPES.join(' and ')} hold no patient data; a client reaching only them is active at once.`;
  const toggle = (scope: string, checked: boolean) =>
    onChange(checked ? [...value, scope] : value.filter((chosen) => chosen !== scope));

  return (
    <FormControl
      component="fieldset"
      required
      error={Boolean(error)}
      onBlur={onBlur}
      aria-describedby={helpId}
    >
      <FormLabel component="legend">Scopes</FormLabel>
      <FormGroup row>
        {CHOICES.map((choice) => (
          <FormControlLabel
            key={choice.scope}
            label={choice.label}
            control={
              <Checkbox
                checked={value.includes(choice.scope)}
                onChange={(event) => toggle(choice.scope, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={helpId}>{error ?? reach}</FormHelperText>
    </FormControl>
  );
}
