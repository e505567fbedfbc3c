import { z } from 'zod';
import { FHIR_CONTENT_TYPE } from '@recovery-portal/contract/fhir';

/*
 * What the create and batch routes answer, for the OpenAPI document: FHIR R4's shapes, named by
 * the parts a client reads (as fhir-schemas.ts does for the reads).
 */

const outcomeSchema = z.looseObject({ resourceType: z.literal('OperationOutcome') });

const batchResponseSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.literal('batch-response'),
  entry: z.array(
    z.looseObject({
      fullUrl: z.string().optional(),
      resource: z.looseObject({ resourceType: z.string(), id: z.string().optional() }).optional(),
      response: z.looseObject({
        status: z
          .string()
          .describe('201 Created, 200 OK, or the refusal: 422 Unprocessable Entity …'),
        location: z.string().optional(),
        outcome: outcomeSchema.optional(),
      }),
    }),
  ),
});

export const batchResponse = {
  description: 'Each entry answered on its own, in order: its status, location or OperationOutcome',
  content: { [FHIR_CONTENT_TYPE]: { schema: batchResponseSchema } },
};
