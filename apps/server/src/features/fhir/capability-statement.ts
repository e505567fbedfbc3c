import type { CapabilityStatement } from '@medplum/fhirtypes';
import { FHIR_CONTENT_TYPE, FHIR_VERSION } from '@recovery-portal/contract/fhir';
import type { ResourceDefinition } from '#app/features/fhir/resources/resource-types';
import { isWritable } from '#app/features/fhir/writes/resource-writers';

/** Operation definitions of the HL7 FHIR Bulk Data Access IG. */
const BULK_DATA = 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition';

/** The types with an instance- or type-level $export, by their OperationDefinition. */
const EXPORT_OPERATIONS: Partial<Record<string, string>> = {
  Patient: 'patient-export',
  Group: 'group-export',
};

const COMMON_PARAMS = [
  { name: '_id', type: 'token' as const, documentation: 'Resource ids, comma-separated.' },
  {
    name: '_count',
    type: 'number' as const,
    documentation: 'Page size (default 50, at most 500); 0 gives the total only.',
  },
  { name: '_summary', type: 'token' as const, documentation: 'count: the total only.' },
];

/**
 * What the server supports, exactly: read and search-type per resource type, with the search
 * parameters each accepts (any other is refused with 400).
 */
export function capabilityStatement(
  definitions: readonly ResourceDefinition[],
  base: string,
  published: string,
): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: published,
    publisher: 'Recovery Portal',
    kind: 'instance',
    instantiates: ['http://hl7.org/fhir/uv/bulkdata/CapabilityStatement/bulk-data'],
    software: { name: 'Recovery Portal' },
    implementation: {
      description: "Recovery Portal FHIR R4 API (reads; the participant app's creates)",
      url: base,
    },
    fhirVersion: FHIR_VERSION,
    format: [FHIR_CONTENT_TYPE, 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: false,
          description:
            "Bearer access token: a portal staff token (the role's rights: clinicians read participants' data, administrators read Practitioners and Groups), a SMART Backend Services token (client_credentials with a private_key_jwt assertion; system/*.read or system/<Type>.read scopes, system/Communication.c for the coach's replies) from the token endpoint in .well-known/smart-configuration, or a participant app's token (patient/ scopes: its own compartment, and creates of Observation, QuestionnaireResponse and Communication).",
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
        },
        resource: [
          ...definitions.map((definition) => ({
            type: definition.type,
            interaction: [
              { code: 'read' as const },
              { code: 'search-type' as const },
              ...(isWritable(definition.type)
                ? [{ code: 'create' as const, documentation: 'docs/participant-app.md' }]
                : []),
            ],
            ...(isWritable(definition.type) ? { conditionalCreate: true } : {}),
            searchParam: [
              ...COMMON_PARAMS,
              ...Object.entries(definition.params).map(([name, doc]) => ({ name, ...doc })),
            ],
            ...(EXPORT_OPERATIONS[definition.type]
              ? {
                  operation: [
                    {
                      name: 'export',
                      definition: `${BULK_DATA}/${EXPORT_OPERATIONS[definition.type]}`,
                    },
                  ],
                }
              : {}),
          })),
        ],
        interaction: [{ code: 'batch' as const }],
        operation: [{ name: 'export', definition: `${BULK_DATA}/export` }],
      },
    ],
  };
}
