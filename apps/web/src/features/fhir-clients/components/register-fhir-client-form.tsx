import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { useController, useForm } from 'react-hook-form';
import {
  registerFhirClientRequestSchema,
  type RegisterFhirClientRequest,
} from '@recovery-portal/contract/fhir-clients';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { RegisterSection, useRegisterClient } from './register-section';
import { ScopeChoices } from './scope-choices';

const FIELD_NAMES = ['name', 'public_key_jwk', 'scopes'] as const;

/** Registers a system client: its name, public key (JWK) and scopes; shows the new client id. */
export function RegisterFhirClientForm() {
  const keyId = useId();
  const form = useForm<RegisterFhirClientRequest>({
    resolver: zodResolver(registerFhirClientRequestSchema),
    mode: 'onChange',
    defaultValues: { name: '', public_key_jwk: '', scopes: [] },
  });
  const { control, formState } = form;
  const { registered, register, pending } = useRegisterClient(form, FIELD_NAMES);
  const key = useController({ control, name: 'public_key_jwk' });
  const keyError =
    key.fieldState.isTouched || formState.isSubmitted ? key.fieldState.error : undefined;
  const scopes = useController({ control, name: 'scopes' });
  const scopesError = scopes.fieldState.error?.message;
  const onSubmit = form.handleSubmit(register);

  return (
    <RegisterSection
      title="Register a system client"
      description="A system that reads the FHIR API without a person signing in (SMART Backend Services). Paste its public key as a JSON Web Key: RSA of 2048 bits or more (RS384) or EC P-384 (ES384), and choose what it may read: its tokens never hold more."
      registered={
        registered && (
          <>
            {registered.name} is registered with client id <strong>{registered.client_id}</strong>.
            Give this id to the system: it signs its token requests with it.
            {registered.status === 'pending' &&
              ' It reaches patient data, so it gets no token until a second administrator approves it.'}
          </>
        )
      }
      onSubmit={() => void onSubmit()}
      submitLabel="REGISTER CLIENT"
      pending={pending}
    >
      <FormTextField control={control} name="name" label="Name" required />
      <FormControl error={Boolean(keyError)} required>
        <InputLabel htmlFor={keyId}>Public key (JWK)</InputLabel>
        <OutlinedInput
          id={keyId}
          label="Public key (JWK)"
          multiline
          minRows={4}
          value={key.field.value}
          onChange={key.field.onChange}
          onBlur={key.field.onBlur}
          inputRef={key.field.ref}
          inputProps={{ spellCheck: false, 'aria-describedby': `${keyId}-help` }}
          sx={{ fontFamily: 'monospace' }}
        />
        <FormHelperText id={`${keyId}-help`}>
          {keyError?.message ?? '{"kty":"EC","crv":"P-384","x":"…","y":"…"}'}
        </FormHelperText>
      </FormControl>
      <ScopeChoices
        value={scopes.field.value}
        onChange={scopes.field.onChange}
        onBlur={scopes.field.onBlur}
        error={scopesError}
      />
    </RegisterSection>
  );
}
