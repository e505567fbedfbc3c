import { errorEnvelopeSchema } from '@recovery-portal/contract/envelope';

/** Declares the failure envelope for the error statuses a route can answer (OpenAPI docs). */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema])) as {
    [K in S[number]]: typeof errorEnvelopeSchema;
  };
}
