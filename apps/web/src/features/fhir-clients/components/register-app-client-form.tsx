import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  appClientFormSchema,
  redirectUriLines,
  type AppClientForm,
} from '@recovery-portal/contract/fhir-clients';
import { DEFAULT_APP_CLIENT_SCOPES } from '@recovery-portal/contract/smart-scopes';
import { FormTextField } from '#app/components/form/form-text-field.tsx';
import { RegisterSection, useRegisterClient } from './register-section';

const FIELD_NAMES = ['name', 'redirect_uris'] as const;

/**
 * Registers a participant app (SMART App Launch, a public client): its name and redirect URIs,
 * no key. It is active at once, since it reaches only the data of the participant who signs in.
 */
export function RegisterAppClientForm() {
  const form = useForm<AppClientForm>({
    resolver: zodResolver(appClientFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', redirect_uris: '' },
  });
  const { registered, register, pending } = useRegisterClient(form, FIELD_NAMES);
  const onSubmit = form.handleSubmit((values) =>
    register({ name: values.name, redirect_uris: redirectUriLines(values.redirect_uris) }),
  );

  return (
    <RegisterSection
      title="Register a participant app"
      description={`A mobile app or device that participants sign in to (SMART App Launch, public client with PKCE). It needs no key and no second approval: each participant sees what it asks for and allows it, and it reaches only their own data. It may ask for ${DEFAULT_APP_CLIENT_SCOPES.join(' ')}.`}
      registered={
        registered && (
          <>
            {registered.name} is registered with client id <strong>{registered.client_id}</strong>.
            Give this id to the app.
          </>
        )
      }
      onSubmit={() => void onSubmit()}
      submitLabel="REGISTER APP"
      pending={pending}
    >
      <FormTextField control={form.control} name="name" label="App name" required />
      <FormTextField
        control={form.control}
        name="redirect_uris"
        label="Redirect URIs"
        required
        multiline
        minRows={2}
        helperText="One per line: https://…, a scheme of your own such as com.example.app:/callback, or http://localhost for development."
      />
    </RegisterSection>
  );
}
