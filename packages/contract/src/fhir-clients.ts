import * as z from 'zod/mini';
import { FHIR_RESOURCE_TYPES } from './fhir';
import { DEFAULT_APP_CLIENT_SCOPES, isAppClientScope, SMART_CONTEXT_SCOPES } from './smart-scopes';

/**
 * Clients of the FHIR API. A system client (SMART Backend Services) is registered by an
 * administrator with its public key and a fixed set of read scopes; it signs a `private_key_jwt`
 * assertion with its private key and gets a short-lived token holding at most those scopes. A
 * client whose scopes reach patient data works only once a second administrator has approved it
 * (DESIGN §6). A participant app (SMART App Launch, standalone, public client with PKCE) is
 * registered with its redirect URIs and no key, and is active at once: it reaches only the data
 * of the participant who signs in to it (docs/participant-app.md).
 */
export const MAX_FHIR_CLIENT_NAME_LENGTH = 120;
export const MAX_FHIR_CLIENT_KEY_LENGTH = 8000;
/** Every type once in each spelling, the wildcard in both, and the write scopes. */
export const MAX_FHIR_CLIENT_SCOPES = 2 * (FHIR_RESOURCE_TYPES.length + 1) + 1;
const MAX_FHIR_SCOPE_LENGTH = 64;
export const MAX_REDIRECT_URIS = 10;
export const MAX_REDIRECT_URI_LENGTH = 500;
/** Every patient scope once in each spelling, and the context scopes. */
const MAX_APP_CLIENT_SCOPES = MAX_FHIR_CLIENT_SCOPES + SMART_CONTEXT_SCOPES.length;
/** Algorithms the SMART Backend Services profile requires servers to accept. */
export const FHIR_CLIENT_ALGORITHMS = ['RS384', 'ES384'] as const;
/** Lifetime of a system access token. */
export const FHIR_SYSTEM_TOKEN_TTL_SECONDS = 300;

export const FHIR_CLIENT_KINDS = ['system', 'public'] as const;
export const FHIR_CLIENT_STATUSES = ['active', 'pending', 'revoked'] as const;
export type FhirClientStatus = (typeof FHIR_CLIENT_STATUSES)[number];

/** How the FHIR clients screen names each status. */
export const FHIR_CLIENT_STATUS_LABELS: Record<FhirClientStatus, string> = {
  active: 'Active',
  pending: 'Awaiting approval by a second administrator',
  revoked: 'Revoked',
};

/** Types that hold no participant's data: a client reaching only these needs no second approval. */
export const FHIR_NON_PATIENT_TYPES: readonly string[] = ['Practitioner', 'Questionnaire'];

/**
 * A SMART read scope of a system client, `system/<Type>.rs` (v2) or `system/<Type>.read` (v1),
 * with `*` for every type: the type it names, or null when it is not one of these.
 */
export function systemScopeType(scope: string): string | null {
  const match = /^system\/(\*|[A-Za-z]+)\.(?:rs|read)$/.exec(scope);
  const type = match?.[1];
  if (type === undefined) return null;
  return type === '*' || (FHIR_RESOURCE_TYPES as readonly string[]).includes(type) ? type : null;
}

/**
 * Write scopes a system client may hold besides its read scopes: the coach's system answers
 * participants' messages (SMART v2 `c`, create). Every one reaches patient data.
 */
export const SYSTEM_WRITE_SCOPES: readonly string[] = ['system/Communication.c'];

/** Any scope a system client may be registered with: a read scope or a write scope above. */
export function isSystemScope(scope: string): boolean {
  return systemScopeType(scope) !== null || SYSTEM_WRITE_SCOPES.includes(scope);
}

/** Whether scopes reach any participant's data (the wildcard does). */
export function scopesReachPatientData(scopes: readonly string[]): boolean {
  return scopes.some((scope) => !FHIR_NON_PATIENT_TYPES.includes(systemScopeType(scope) ?? '*'));
}

/** The path, query or both after a redirect URI's authority: anything but a fragment or space. */
const AFTER_AUTHORITY = '(?:[/?][^#\\s]*)?';
const REDIRECT_URI_FORMS = [
  // https to any host name or address (no user:password@).
  new RegExp(`^https://[A-Za-z0-9.-]+(?::\\d{1,5})?${AFTER_AUTHORITY}$`),
  // http only to the developer's own machine (RFC 8252 §7.3).
  new RegExp(`^http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\])(?::\\d{1,5})?${AFTER_AUTHORITY}$`),
  // A private-use scheme named after a domain in reverse order (RFC 8252 §7.1).
  /^[a-z][a-z0-9+-]*(?:\.[a-z0-9+-]+)+:[^#\s]+$/,
];

/**
 * Whether a participant app may return to this URI (RFC 8252, OAuth 2.0 Security BCP): https;
 * a private-use scheme named after a domain in reverse order (`com.example.app:/callback`); or
 * http on the loopback interface for development. Never a fragment or credentials.
 */
export function isAllowedRedirectUri(uri: string): boolean {
  return uri.length <= MAX_REDIRECT_URI_LENGTH && REDIRECT_URI_FORMS.some((form) => form.test(uri));
}

export const FHIR_CLIENT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${MAX_FHIR_CLIENT_NAME_LENGTH} characters.`,
  keyRequired: 'Paste the public key as a JSON Web Key (JWK).',
  keyTooLong: `The public key must be at most ${MAX_FHIR_CLIENT_KEY_LENGTH} characters.`,
  keyInvalid:
    'The public key must be a public JSON Web Key: RSA (for RS384) or EC P-384 (for ES384), without private parts.',
  scopesRequired: 'Choose at least one scope.',
  scopesTooMany: `Give at most ${MAX_FHIR_CLIENT_SCOPES} scopes.`,
  scopeInvalid: `Each scope must be a read scope, system/<Type>.rs (SMART v2) or system/<Type>.read (SMART v1), where <Type> is * (every type) or one of ${FHIR_RESOURCE_TYPES.join(', ')}; or a write scope, ${SYSTEM_WRITE_SCOPES.join(', ')}.`,
  rsaKeySize: (bits: number, min: number, max: number) =>
    `The RSA key has ${bits} bits; it must have ${min} to ${max}.`,
  rsaExponent:
    "The RSA key's public exponent must be an odd number from 3 to 4294967295 (usually 65537).",
  idInvalid: 'id must be a client id.',
  notFound: 'There is no such client, or it was already revoked.',
  registered: 'Client registered. Give its client id to the system that will call the FHIR API.',
  registeredPending:
    'Client registered. It reaches patient data, so it gets no token until a second administrator approves it on the FHIR clients screen.',
  approved: 'Client approved: it can now get tokens for its scopes.',
  notPending: 'This client is not awaiting approval: it is already active, or it was revoked.',
  ownApproval:
    'You registered this client, so another administrator must approve it: a client that reaches patient data needs two people.',
  singleAdministrator:
    'This clinic has only one active administrator. A client that reaches patient data must be approved by a second administrator, so add one on the Clinicians screen before such a client can be used.',
  revoked: 'Client revoked: its tokens stop working at once.',
  redirectUrisRequired: 'Give at least one redirect URI.',
  redirectUrisTooMany: `Give at most ${MAX_REDIRECT_URIS} redirect URIs.`,
  redirectUriInvalid:
    'Each redirect URI must be an https address, a private-use scheme named after your domain in reverse (com.example.app:/callback), or http://localhost or http://127.0.0.1 for development; without a #fragment, at most 500 characters.',
  appScopeInvalid: `Each scope of a participant app must be a patient scope, patient/<Type>.<cruds> (SMART v2, letters in that order) or patient/<Type>.read, .write or .* (v1), where <Type> is * or one of ${FHIR_RESOURCE_TYPES.join(', ')}; or one of ${SMART_CONTEXT_SCOPES.join(', ')}.`,
  appScopesTooMany: `Give at most ${MAX_APP_CLIENT_SCOPES} scopes.`,
  keyOrRedirectUris:
    'Send public_key_jwk for a system client or redirect_uris for a participant app, not both.',
  registeredApp:
    'Participant app registered. Give its client id to the app: participants sign in to it and choose what it may read and write.',
} as const;

const scopeSchema = z.string({ error: FHIR_CLIENT_MESSAGES.scopeInvalid }).check(
  z.refine((scope) => scope.length <= MAX_FHIR_SCOPE_LENGTH && isSystemScope(scope), {
    error: FHIR_CLIENT_MESSAGES.scopeInvalid,
  }),
);

/** POST /api/fhir-clients: a system client with its public key and fixed scopes. */
export const registerFhirClientRequestSchema = z.object({
  name: z
    .string({ error: FHIR_CLIENT_MESSAGES.nameRequired })
    .check(
      z.trim(),
      z.minLength(1, FHIR_CLIENT_MESSAGES.nameRequired),
      z.maxLength(MAX_FHIR_CLIENT_NAME_LENGTH, FHIR_CLIENT_MESSAGES.nameTooLong),
    ),
  public_key_jwk: z
    .string({ error: FHIR_CLIENT_MESSAGES.keyRequired })
    .check(
      z.trim(),
      z.minLength(1, FHIR_CLIENT_MESSAGES.keyRequired),
      z.maxLength(MAX_FHIR_CLIENT_KEY_LENGTH, FHIR_CLIENT_MESSAGES.keyTooLong),
    ),
  scopes: z.pipe(
    z
      .array(scopeSchema, { error: FHIR_CLIENT_MESSAGES.scopesRequired })
      .check(
        z.minLength(1, FHIR_CLIENT_MESSAGES.scopesRequired),
        z.maxLength(MAX_FHIR_CLIENT_SCOPES, FHIR_CLIENT_MESSAGES.scopesTooMany),
      ),
    z.transform((scopes) => [...new Set(scopes)]),
  ),
});
export type RegisterFhirClientRequest = z.input<typeof registerFhirClientRequestSchema>;

const redirectUriSchema = z
  .string({ error: FHIR_CLIENT_MESSAGES.redirectUriInvalid })
  .check(z.refine(isAllowedRedirectUri, { error: FHIR_CLIENT_MESSAGES.redirectUriInvalid }));

const appScopeSchema = z.string({ error: FHIR_CLIENT_MESSAGES.appScopeInvalid }).check(
  z.refine((scope) => scope.length <= MAX_FHIR_SCOPE_LENGTH && isAppClientScope(scope), {
    error: FHIR_CLIENT_MESSAGES.appScopeInvalid,
  }),
);

/**
 * POST /api/fhir-clients for a participant app: no key (a public client), its redirect URIs, and
 * the patient and context scopes it may ask for (DEFAULT_APP_CLIENT_SCOPES when left out).
 */
export const registerAppClientRequestSchema = z.object({
  name: registerFhirClientRequestSchema.shape.name,
  redirect_uris: z.pipe(
    z
      .array(redirectUriSchema, { error: FHIR_CLIENT_MESSAGES.redirectUrisRequired })
      .check(
        z.minLength(1, FHIR_CLIENT_MESSAGES.redirectUrisRequired),
        z.maxLength(MAX_REDIRECT_URIS, FHIR_CLIENT_MESSAGES.redirectUrisTooMany),
      ),
    z.transform((uris) => [...new Set(uris)]),
  ),
  scopes: z._default(
    z.pipe(
      z
        .array(appScopeSchema, { error: FHIR_CLIENT_MESSAGES.appScopeInvalid })
        .check(
          z.minLength(1, FHIR_CLIENT_MESSAGES.scopesRequired),
          z.maxLength(MAX_APP_CLIENT_SCOPES, FHIR_CLIENT_MESSAGES.appScopesTooMany),
        ),
      z.transform((scopes) => [...new Set(scopes)]),
    ),
    [...DEFAULT_APP_CLIENT_SCOPES],
  ),
});
export type RegisterAppClientRequest = z.input<typeof registerAppClientRequestSchema>;

/** Redirect URIs typed one per line, blank lines left out. */
export function redirectUriLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The FHIR clients screen's participant-app form: its redirect URIs one per line. */
export const appClientFormSchema = z.object({
  name: registerAppClientRequestSchema.shape.name,
  redirect_uris: z.string().check(
    z.superRefine((text, context) => {
      const checked = registerAppClientRequestSchema.shape.redirect_uris.safeParse(
        redirectUriLines(text),
      );
      const [issue] = checked.error?.issues ?? [];
      if (issue) context.addIssue({ code: 'custom', message: issue.message });
    }),
  ),
});
export type AppClientForm = z.infer<typeof appClientFormSchema>;

/**
 * The body of POST /api/fhir-clients: a participant app when it names redirect_uris, else a
 * system client; each is then checked by its own schema, so a refusal names the right field.
 */
export const fhirClientRegistrationSchema = z.pipe(
  z.transform((body) =>
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { ...body, kind: 'redirect_uris' in body ? 'public' : 'system' }
      : body,
  ),
  z.discriminatedUnion('kind', [
    z.extend(registerFhirClientRequestSchema, { kind: z.literal('system') }),
    z.extend(registerAppClientRequestSchema, {
      kind: z.literal('public'),
      public_key_jwk: z.optional(z.undefined({ error: FHIR_CLIENT_MESSAGES.keyOrRedirectUris })),
    }),
  ]),
);

export const fhirClientIdParamsSchema = z.object({
  id: z.uuid({ error: FHIR_CLIENT_MESSAGES.idInvalid }),
});

export const fhirClientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  kind: z.enum(FHIR_CLIENT_KINDS),
  /** 'RSA' or 'EC'; empty for a participant app, which has no key. */
  key_type: z.string(),
  /** Where a participant app's sign-in may return; empty for a system client. */
  redirect_uris: z.array(z.string()),
  scopes: z.array(z.string()),
  reaches_patient_data: z.boolean(),
  status: z.enum(FHIR_CLIENT_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
  /** Email of the administrator who registered it; null once their account is gone. */
  created_by: z.nullable(z.string()),
  created_by_id: z.nullable(z.int()),
  /** When it became active: at registration, or at the second administrator's approval. */
  approved_at: z.nullable(z.iso.datetime({ offset: true })),
  /** Email of the administrator who approved it; null when it needed no approval. */
  approved_by: z.nullable(z.string()),
  revoked_at: z.nullable(z.iso.datetime({ offset: true })),
});
export type FhirClient = z.infer<typeof fhirClientSchema>;

/** GET /api/fhir-clients: every client, revoked ones included, and who could approve. */
export const fhirClientListSchema = z.object({
  clients: z.array(fhirClientSchema),
  /** With fewer than two, no client that reaches patient data can be approved. */
  active_administrators: z.int(),
});
export type FhirClientList = z.infer<typeof fhirClientListSchema>;

export const fhirClientMutationSchema = z.object({
  message: z.string(),
  /** The id an app or a system client names itself by (`client_id` in OAuth 2.0). */
  client_id: z.string(),
  client: fhirClientSchema,
});

/** The mail every active administrator gets when a client reaching patient data is approved. */
export const FHIR_CLIENT_APPROVED_MAIL = {
  subject: 'A FHIR client that reads patient data was approved',
  text: (details: {
    name: string;
    scopes: readonly string[];
    registeredBy: string;
    approvedBy: string;
    link: string;
  }) =>
    [
      `The FHIR system client "${details.name}" can now read patient data through the FHIR API.`,
      '',
      `Scopes: ${details.scopes.join(' ')}`,
      `Registered by: ${details.registeredBy}`,
      `Approved by: ${details.approvedBy}`,
      '',
      `If this was not expected, revoke it on the FHIR clients screen (sign-in required): ${details.link}`,
      '',
      'You receive this because you are an administrator of the portal.',
    ].join('\n'),
} as const;
