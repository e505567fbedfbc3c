import * as z from 'zod/mini';

/** The OpenAPI document the server generates from these contract schemas (signed-in staff). */
export const API_DOCS_JSON_PATH = '/api/docs/json';

/** The methods an OpenAPI path item may hold, in the order the docs page lists them. */
export const API_DOCS_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const operationSchema = z.object({
  summary: z.optional(z.string()),
  description: z.optional(z.string()),
  tags: z.optional(z.array(z.string())),
});

/** The part of the OpenAPI 3 document the portal's API docs page shows. */
export const apiDocsSchema = z.object({
  info: z.object({ title: z.string(), description: z.optional(z.string()), version: z.string() }),
  paths: z.record(
    z.string(),
    z.object(Object.fromEntries(API_DOCS_METHODS.map((m) => [m, z.optional(operationSchema)]))),
  ),
});
export type ApiDocs = z.infer<typeof apiDocsSchema>;
