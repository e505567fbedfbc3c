import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import {
  appClientFormSchema,
  redirectUriLines,
  type AppClientForm,
  type FhirClient,
} from '@recovery-portal/contract/fhir-clients';
import { DEFAULT_APP_CLIENT_SCOPES } from '@recovery-portal/contract/smart-scopes';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { applyServerFieldErrors } from '#app/lib/form-errors.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useRegisterFhirClient } from '#app/features/fhir-clients/api/register-fhir-client.ts';

const FIELD_NAMES = ['name', 'redirect_uris'] as const;

/**
 * Registers a participant app (SMART App Launch, a public client): its name and redirect URIs,
 * no key. It is active at once, since it reaches only the data of the participant who signs in.
 */
export function RegisterAppClientForm() {
  const notify = useNotify();
  const mutation = useRegisterFhirClient();
  const headingId = useId();
  const [registered, setRegistered] = useState<FhirClient | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<AppClientForm>({
    resolver: zodResolver(appClientFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', redirect_uris: '' },
  });

  const onValid = (values: AppClientForm) => {
    setRegistered(null);
    mutation.mutate(
      { name: values.name, redirect_uris: redirectUriLines(values.redirect_uris) },
      {
        onSuccess: (result) => {
          setRegistered(result.client);
          notify.success(result.message, 'snackbar');
          reset();
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, setError, FIELD_NAMES)) return;
          notify.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        Register a participant app
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        A mobile app or device that participants sign in to (SMART App Launch, public client with
        PKCE). It needs no key and no second approval: each participant sees what it asks for and
        allows it, and it reaches only their own data. It may ask for{' '}
        {DEFAULT_APP_CLIENT_SCOPES.join(' ')}.
      </Typography>
      {registered && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {registered.name} is registered with client id <strong>{registered.client_id}</strong>.
          Give this id to the app.
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid)(event)}
        sx={{ display: 'grid', gap: 2 }}
      >
        <FormTextField control={control} name="name" label="App name" required />
        <FormTextField
          control={control}
          name="redirect_uris"
          label="Redirect URIs"
          required
          multiline
          minRows={2}
          helperText="One per line: https://…, a scheme of your own such as com.example.app:/callback, or http://localhost for development."
        />
        <Box>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            REGISTER APP
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
