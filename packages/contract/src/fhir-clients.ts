import { z } from 'zod';

/**
 * System clients of the FHIR API (SMART Backend Services): an administrator registers a client's
 * public key; the client signs a `private_key_jwt` assertion with its private key and gets a
 * short-lived token with the scopes it asked for among `system/*.read` and `system/<Type>.read`.
 */
export const MAX_FHIR_CLIENT_NAME_LENGTH = 120;
export const MAX_FHIR_CLIENT_KEY_LENGTH = 8000;
/** Algorithms the SMART Backend Services profile requires servers to accept. */
export const FHIR_CLIENT_ALGORITHMS = ['RS384', 'ES384'] as const;
/** Lifetime of a system access token. */
export const FHIR_SYSTEM_TOKEN_TTL_SECONDS = 300;

export const FHIR_CLIENT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${MAX_FHIR_CLIENT_NAME_LENGTH} characters.`,
  keyRequired: 'Paste the public key as a JSON Web Key (JWK).',
  keyTooLong: `The public key must be at most ${MAX_FHIR_CLIENT_KEY_LENGTH} characters.`,
  keyInvalid:
    'The public key must be a public JSON Web Key: RSA (for RS384) or EC P-384 (for ES384), without private parts.',
  rsaKeySize: (bits: number, min: number, max: number) =>
    `The RSA key has ${bits} bits; it must have ${min} to ${max}.`,
  rsaExponent:
    "The RSA key's public exponent must be an odd number from 3 to 4294967295 (usually 65537).",
  idInvalid: 'id must be a client id.',
  notFound: 'There is no such client, or it was already revoked.',
  registered: 'Client registered. Give its client id to the system that will call the FHIR API.',
  revoked: 'Client revoked: its tokens stop working at once.',
} as const;

/** POST /api/fhir-clients */
export const registerFhirClientRequestSchema = z.object({
  name: z
    .string({ error: FHIR_CLIENT_MESSAGES.nameRequired })
    .trim()
    .min(1, FHIR_CLIENT_MESSAGES.nameRequired)
    .max(MAX_FHIR_CLIENT_NAME_LENGTH, FHIR_CLIENT_MESSAGES.nameTooLong),
  public_key_jwk: z
    .string({ error: FHIR_CLIENT_MESSAGES.keyRequired })
    .trim()
    .min(1, FHIR_CLIENT_MESSAGES.keyRequired)
    .max(MAX_FHIR_CLIENT_KEY_LENGTH, FHIR_CLIENT_MESSAGES.keyTooLong),
});
export type RegisterFhirClientRequest = z.input<typeof registerFhirClientRequestSchema>;

export const fhirClientIdParamsSchema = z.object({
  id: z.uuid({ error: FHIR_CLIENT_MESSAGES.idInvalid }),
});

export const fhirClientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  /** 'RSA' or 'EC'. */
  key_type: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string().nullable(),
});
export type FhirClient = z.infer<typeof fhirClientSchema>;

export const fhirClientListSchema = z.array(fhirClientSchema);

export const fhirClientMutationSchema = z.object({
  message: z.string(),
  client: fhirClientSchema,
});
