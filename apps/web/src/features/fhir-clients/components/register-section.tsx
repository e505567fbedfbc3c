import { useId, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type {
  FhirClient,
  RegisterAppClientRequest,
  RegisterFhirClientRequest,
} from '@recovery-portal/contract/fhir-clients';
import { errorMessage } from '#app/lib/api/api-error.ts';
import { applyServerFieldErrors } from '#app/lib/form-errors.ts';
import { useNotify } from '#app/lib/notify.ts';
import { useRegisterFhirClient } from '#app/features/fhir-clients/api/register-fhir-client.ts';

/**
 * Registering a client from a form: the server's field errors go on the form, other failures
 * to a snackbar; the client registered last is kept to show its id.
 */
export function useRegisterClient<T extends FieldValues>(
  form: { setError: UseFormSetError<T>; reset: () => void },
  fieldNames: readonly Path<T>[],
) {
  const notify = useNotify();
  const mutation = useRegisterFhirClient();
  const [registered, setRegistered] = useState<FhirClient | null>(null);
  const register = (body: RegisterFhirClientRequest | RegisterAppClientRequest) => {
    setRegistered(null);
    mutation.mutate(body, {
      onSuccess: (result) => {
        setRegistered(result.client);
        notify.success(result.message, 'snackbar');
        form.reset();
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, fieldNames)) return;
        notify.error(errorMessage(error));
      },
    });
  };
  return { registered, register, pending: mutation.isPending };
}

/** A section of the FHIR clients screen with a registration form and the new client's id. */
export function RegisterSection({
  title,
  description,
  registered,
  onSubmit,
  submitLabel,
  pending,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The success message once a client is registered, with its id. */
  registered: ReactNode;
  onSubmit: () => void;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {description}
      </Typography>
      {registered && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {registered}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        {children}
        <Box>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
