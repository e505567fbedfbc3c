import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  Paper,
  Typography,
} from '@mui/material';
import { useController, useForm } from 'react-hook-form';
import {
  registerFhirClientRequestSchema,
  type FhirClient,
  type RegisterFhirClientRequest,
} from '@recovery-portal/contract/fhir-clients';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { applyServerFieldErrors } from '#app/lib/form-errors.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useRegisterFhirClient } from '#app/features/fhir-clients/api/register-fhir-client.ts';
import { ScopeChoices } from './scope-choices';

const FIELD_NAMES = ['name', 'public_key_jwk', 'scopes'] as const;

/** Registers a system client: its name, public key (JWK) and scopes; shows the new client id. */
export function RegisterFhirClientForm() {
  const notify = useNotify();
  const mutation = useRegisterFhirClient();
  const headingId = useId();
  const keyId = useId();
  const [registered, setRegistered] = useState<FhirClient | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<RegisterFhirClientRequest>({
    resolver: zodResolver(registerFhirClientRequestSchema),
    mode: 'onChange',
    defaultValues: { name: '', public_key_jwk: '', scopes: [] },
  });
  const key = useController({ control, name: 'public_key_jwk' });
  const keyError =
    key.fieldState.isTouched || formState.isSubmitted ? key.fieldState.error : undefined;
  const scopes = useController({ control, name: 'scopes' });
  const scopesError = scopes.fieldState.error?.message;

  const onValid = (values: RegisterFhirClientRequest) => {
    setRegistered(null);
    mutation.mutate(values, {
      onSuccess: (result) => {
        setRegistered(result.client);
        notify.success(result.message, 'snackbar');
        reset();
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, FIELD_NAMES)) return;
        notify.error(errorMessage(error));
      },
    });
  };

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        Register a system client
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        A system that reads the FHIR API without a person signing in (SMART Backend Services). Paste
        its public key as a JSON Web Key: RSA of 2048 bits or more (RS384) or EC P-384 (ES384), and
        choose what it may read: its tokens never hold more.
      </Typography>
      {registered && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {registered.name} is registered with client id <strong>{registered.client_id}</strong>.
          Give this id to the system: it signs its token requests with it.
          {registered.status === 'pending' &&
            ' It reaches patient data, so it gets no token until a second administrator approves it.'}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        sx={{ display: 'grid', gap: 2 }}
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
        <Box>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            REGISTER CLIENT
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
