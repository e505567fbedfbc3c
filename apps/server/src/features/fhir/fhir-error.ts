import type { OperationOutcome } from '@medplum/fhirtypes';

/** OperationOutcome.issue.code values this API uses (FHIR R4 IssueType value set). */
export type IssueType =
  | 'login'
  | 'forbidden'
  | 'not-found'
  | 'invalid'
  | 'not-supported'
  | 'exception'
  | 'transient'
  | 'processing';

/** A refusal of a FHIR call: leaves as an OperationOutcome with its HTTP status. */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issueType: IssueType,
    message: string,
  ) {
    super(message);
    this.name = 'FhirError';
  }
}

export function operationOutcome(
  issueType: IssueType,
  message: string,
  severity: 'error' | 'information' = 'error',
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity, code: issueType, diagnostics: message }],
  };
}
