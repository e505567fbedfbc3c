import { z } from 'zod';
import { FHIR_CONTENT_TYPE, FHIR_NDJSON_CONTENT_TYPE } from '@recovery-portal/contract/fhir';
import { fileResponse } from '#app/lib/route-responses';

/*
 * The FHIR routes' schemas. The resources' shapes are HL7's (FHIR R4), not the contract's: the
 * schemas name the type and the parts a client pages or checks by, and let the rest through
 * (loose objects), so they document the answers without restating the specification. FHIR JSON
 * is written by sendFhir as text, never through the response serializer.
 */

/** Any resource: its type named; the other elements as FHIR R4 defines that type. */
const resourceSchema = z.looseObject({
  resourceType: z.string(),
  id: z.string().optional(),
});

const severitySchema = z.enum(['fatal', 'error', 'warning', 'information']);

/** How every failure under the FHIR base leaves (fhir-error.ts). */
export const operationOutcomeSchema = z.looseObject({
  resourceType: z.literal('OperationOutcome'),
  issue: z.array(
    z.object({ severity: severitySchema, code: z.string(), diagnostics: z.string().optional() }),
  ),
});

const bundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.literal('searchset'),
  total: z.number().int().optional().describe('With _summary=count or _count=0'),
  link: z.array(z.object({ relation: z.string(), url: z.string() })),
  entry: z
    .array(
      z.object({
        fullUrl: z.string(),
        resource: resourceSchema,
        search: z.object({ mode: z.literal('match') }),
      }),
    )
    .optional(),
});

const capabilityStatementSchema = z.looseObject({
  resourceType: z.literal('CapabilityStatement'),
  fhirVersion: z.string(),
  rest: z.array(z.looseObject({ mode: z.literal('server') })),
});

/** The Bulk Data manifest of a finished export. */
const exportManifestSchema = z.object({
  transactionTime: z.string(),
  request: z.string(),
  requiresAccessToken: z.literal(true),
  output: z.array(z.object({ type: z.string(), url: z.string(), count: z.number().int() })),
  error: z.array(z.object({ type: z.string(), url: z.string() })),
});

/** An answer in FHIR JSON (application/fhir+json). */
function fhirResponse(schema: z.ZodType, description: string) {
  return { description, content: { [FHIR_CONTENT_TYPE]: { schema } } };
}

/** Declares the OperationOutcome for the failures a route can answer. */
export function fhirFailures<const S extends readonly number[]>(...statuses: S) {
  const failure = fhirResponse(operationOutcomeSchema, 'OperationOutcome saying why');
  return Object.fromEntries(statuses.map((status) => [status, failure])) as {
    [K in S[number]]: typeof failure;
  };
}

export const capabilityResponse = fhirResponse(
  capabilityStatementSchema,
  'What the server supports: types, interactions, search parameters, security',
);
export const bundleResponse = fhirResponse(bundleSchema, 'A searchset Bundle, one page');
export const resourceResponse = fhirResponse(resourceSchema, 'The resource');
export const manifestResponse = fhirResponse(exportManifestSchema, 'The finished export');
export const ndjsonResponse = fileResponse(
  FHIR_NDJSON_CONTENT_TYPE,
  'One resource per line (NDJSON)',
);

/** An answer with no body: its status and headers say it all. */
export function emptyResponse(description: string) {
  return z.undefined().describe(description);
}

/** Query parameters as Fastify parses them; each route's own code says which it accepts. */
const queryParamsSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const searchQuerySchema = queryParamsSchema.describe(
  "The type's search parameters (the CapabilityStatement lists them), _id, _count, _summary, _cursor",
);
export const exportQuerySchema = queryParamsSchema.describe(
  '_type, _since, _outputFormat (application/fhir+ndjson)',
);

const typeSchema = z.string().describe('A resource type the server serves');

export const typeParamsSchema = z.object({ type: typeSchema });
export const readParamsSchema = z.object({ type: typeSchema, id: z.string() });
export const idParamsSchema = z.object({ id: z.string() });
export const exportFileParamsSchema = z.object({ id: z.string(), name: z.string() });

/** Bulk Data kick-off asks for an asynchronous answer; other headers pass as they are. */
export const preferHeadersSchema = z.looseObject({
  prefer: z.string().optional().describe('respond-async'),
});
