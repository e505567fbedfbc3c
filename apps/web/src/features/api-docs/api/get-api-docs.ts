import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@recovery-portal/contract/messages';
import {
  API_DOCS_JSON_PATH,
  apiDocsSchema,
  type ApiDocs,
} from '@recovery-portal/contract/api-docs';
import { ApiError } from '#app/lib/api/api-error.ts';
import { readEnvelope } from '#app/lib/api/envelope.ts';
import { sendWithRefresh } from '#app/lib/api/request.ts';

/** GET /api/docs/json: the OpenAPI document itself, not an envelope; refusals are envelopes. */
export async function getApiDocs(signal?: AbortSignal): Promise<ApiDocs> {
  const response = await sendWithRefresh(API_DOCS_JSON_PATH, signal ? { signal } : {});
  if (!response.ok) return readEnvelope(response, apiDocsSchema);
  const parsed = apiDocsSchema.safeParse(await response.json());
  if (!parsed.success) throw new ApiError(response.status, 'INVALID_RESPONSE', MESSAGES.generic);
  return parsed.data;
}

export function useApiDocs() {
  return useQuery({
    queryKey: ['api-docs'],
    queryFn: ({ signal }) => getApiDocs(signal),
    // The document changes only with a release.
    staleTime: Infinity,
  });
}
