import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditListResponseSchema } from '@recovery-portal/contract/audit';
import type { AuditListRequest, AuditListResponse } from '@recovery-portal/contract/audit';
import { API_PATHS } from '@recovery-portal/contract/paths';
import { apiRequest } from '#app/lib/api/request.ts';
import { keepPreviousPageOf } from '#app/lib/keep-previous-page.ts';
import { auditKeys } from './audit-keys';

/** Empty filters are left out of the body. */
function withoutEmptyFields(request: AuditListRequest): AuditListRequest {
  return Object.fromEntries(
    Object.entries(request).filter(([, value]) => value !== '' && value !== undefined),
  ) as AuditListRequest;
}

/** POST /api/audit/list */
export function getAuditLog(
  request: AuditListRequest,
  signal?: AbortSignal,
): Promise<AuditListResponse> {
  return apiRequest(API_PATHS.audit.list, {
    method: 'POST',
    body: withoutEmptyFields(request),
    schema: auditListResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function getAuditLogQueryOptions(request: AuditListRequest) {
  return queryOptions({
    queryKey: auditKeys.list(withoutEmptyFields(request)),
    queryFn: ({ signal }) => getAuditLog(request, signal),
    // Old rows stay only while another page of the same filter loads.
    placeholderData: keepPreviousPageOf(request),
  });
}

export function useAuditLog(request: AuditListRequest) {
  return useQuery(getAuditLogQueryOptions(request));
}
