import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import { FHIR_MESSAGES } from '@recovery-portal/contract/fhir';
import { FHIR_WRITE_LIMITS, FHIR_WRITE_MESSAGES } from '@recovery-portal/contract/fhir-writes';
import type { Database } from '#app/db/client';
import { recordAppActivity } from '#app/core/app-activity';
import type { AuditEntry } from '#app/core/audit/record-audit';
import { FhirError, operationOutcome } from '#app/features/fhir/fhir-error';
import type { FhirContext } from '#app/features/fhir/resources/fhir-source';
import {
  isObject,
  malformed,
  objectAt,
  optionalStringAt,
  type WriteIdentifier,
} from './json-input';
import {
  isWritable,
  prepareWrite,
  type StoredWrite,
  type WritableType,
  type WriteAuthor,
} from './resource-writers';
import { claimIdentifiers, findIdentified, forgetIdentifier } from './write-identifiers.repository';

export type WriteAudit = (entry: Omit<AuditEntry, 'clientAddress' | 'requestId'>) => Promise<void>;

/** What the caller may create, checked per type (its scopes); throws 403 otherwise. */
export type CreateCheck = (type: WritableType) => void;

export interface FhirWriteDeps {
  db: Database;
  ctx: FhirContext;
  /** The stored resource as GET serves it, within the participant's compartment; null if gone. */
  read(type: string, id: string, participantId: number): Promise<Resource | null>;
  /** Screens participants' new data (concerns, thresholds, outcomes) once it has committed. */
  screen(userIds: readonly number[]): Promise<void>;
}

export interface CreateAnswer {
  /** 201 for a new resource, 200 for the one a conditional create found. */
  status: 200 | 201;
  resource: Resource;
  location: string;
  participantId: number;
  /** The participant's message began a conversation (a coach chat). */
  startedChat: boolean;
}

/** Rolls a create back when its If-None-Exist identifier was stored meanwhile by another. */
class ConditionTaken extends Error {}

/** If-None-Exist: `identifier=<system>|<value>`, the one search this server takes there. */
function conditionOf(header: string): WriteIdentifier {
  const params = new URLSearchParams(header.replace(/^\?/, ''));
  const values = params.getAll('identifier');
  const [given] = values;
  const split = given === undefined ? -1 : given.indexOf('|');
  if ([...params.keys()].some((key) => key !== 'identifier') || values.length !== 1 || split < 1) {
    throw new FhirError(400, 'invalid', FHIR_WRITE_MESSAGES.conditionalInvalid);
  }
  const system = given?.slice(0, split) ?? '';
  const value = given?.slice(split + 1) ?? '';
  const longest = Math.max(system.length, value.length);
  if (value === '' || longest > FHIR_WRITE_LIMITS.maxIdentifierLength) {
    throw new FhirError(400, 'invalid', FHIR_WRITE_MESSAGES.conditionalInvalid);
  }
  return { system, value };
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function statusLine(status: number): string {
  return `${status} ${REASONS[status] ?? ''}`.trim();
}

/** The type an entry's request.url names: `Observation`, `/Observation` or `<base>/Observation`. */
function entryType(url: string, base: string): string {
  const relative = url.startsWith(`${base}/`) ? url.slice(base.length + 1) : url.replace(/^\//, '');
  return relative;
}

/**
 * FHIR create and batch for the participant's app and the coach's system: each resource is read
 * and checked, stored with its audit row in one transaction through the core writes, and read
 * back as GET serves it. A conditional create (If-None-Exist: identifier=…) answers the resource
 * stored the first time (200) instead of storing it twice.
 */
export function createFhirWriteService(deps: FhirWriteDeps) {
  const { db, ctx } = deps;

  async function existing(
    type: WritableType,
    key: WriteIdentifier & { userId: number },
  ): Promise<Resource | null> {
    const id = await findIdentified(db, { ...key, resourceType: type });
    if (id === null) return null;
    const resource = await deps.read(type, id, key.userId);
    // Its data was replaced since (a Demo participant re-enrolled): the identifier is free again.
    if (!resource) await forgetIdentifier(db, { ...key, resourceType: type });
    return resource;
  }

  function answer(
    status: 200 | 201,
    resource: Resource,
    type: string,
    participantId: number,
    startedChat = false,
  ): CreateAnswer {
    return {
      status,
      resource,
      location: `${ctx.base}/${type}/${resource.id ?? ''}`,
      participantId,
      startedChat,
    };
  }

  /** The app's uploads count as its participant's app activity (last seen, chats). */
  async function countActivity(author: WriteAuthor, startedChats: number): Promise<void> {
    if (author.kind === 'patient') {
      await recordAppActivity(db, author.patientId, new Date(), { startedChats });
    }
  }

  async function createOne(
    author: WriteAuthor,
    type: WritableType,
    body: unknown,
    ifNoneExist: string | undefined,
    audit: WriteAudit,
    /** 'with-write': counted in the write's transaction; 'later': the batch counts once. */
    activity: 'with-write' | 'later',
  ): Promise<CreateAnswer> {
    const now = new Date();
    const condition = ifNoneExist === undefined ? null : conditionOf(ifNoneExist);
    const prepared = await prepareWrite(db, type, body, ctx, author, now);
    const userId = prepared.participantId;
    const found = condition && (await existing(type, { ...condition, userId }));
    if (found) {
      await audit({
        action: AUDIT_ACTIONS.fhirCreate,
        subjectType: 'participant',
        subjectId: userId,
        details: { resource_type: type, resource_id: found.id, outcome: 'existing' },
      });
      return answer(200, found, type, userId);
    }
    const keys = [...prepared.identifiers, ...(condition ? [condition] : [])].map((key) => ({
      ...key,
      userId,
      resourceType: type,
    }));
    let stored: StoredWrite;
    try {
      stored = await db.transaction(async (tx) => {
        const write = await prepared.store(tx);
        const { resourceId } = write;
        const taken = await claimIdentifiers(tx, keys, resourceId);
        if (
          condition &&
          taken.some((key) => key.system === condition.system && key.value === condition.value)
        ) {
          throw new ConditionTaken();
        }
        await audit({
          action: AUDIT_ACTIONS.fhirCreate,
          subjectType: 'participant',
          subjectId: userId,
          details: { resource_type: type, resource_id: resourceId },
        });
        if (activity === 'with-write') await countActivity(author, write.startedChat ? 1 : 0);
        return write;
      });
    } catch (error) {
      if (!(error instanceof ConditionTaken) || !condition) throw error;
      const raced = await existing(type, { ...condition, userId });
      if (!raced) throw error;
      return answer(200, raced, type, userId);
    }
    const resource = await deps.read(type, stored.resourceId, userId);
    if (!resource) {
      throw new Error(`${type}/${stored.resourceId} was stored but cannot be read back`);
    }
    return answer(201, resource, type, userId, stored.startedChat);
  }

  return {
    /** One create: 201 with the stored resource, or 200 with the one If-None-Exist found. */
    async create(
      author: WriteAuthor,
      type: WritableType,
      body: unknown,
      ifNoneExist: string | undefined,
      audit: WriteAudit,
    ): Promise<CreateAnswer> {
      const created = await createOne(author, type, body, ifNoneExist, audit, 'with-write');
      await deps.screen([created.participantId]);
      return created;
    },

    /**
     * A batch Bundle: every entry a create (POST) answered on its own, in order, with its status
     * and, when refused, its OperationOutcome; what was stored stays stored whatever the others
     * did. The participants written for are screened once, after the last entry.
     */
    async batch(
      author: WriteAuthor,
      body: unknown,
      mayCreate: CreateCheck,
      audit: WriteAudit,
    ): Promise<Bundle> {
      const bundle = objectAt(isObject(body) ? body : undefined, 'Bundle');
      if (bundle.resourceType !== 'Bundle') {
        throw malformed(FHIR_WRITE_MESSAGES.wrongResourceType('Bundle'), 'Bundle.resourceType');
      }
      if (bundle.type !== 'batch') {
        throw malformed(FHIR_WRITE_MESSAGES.batchType, 'Bundle.type', 'not-supported');
      }
      const entries = Array.isArray(bundle.entry) ? (bundle.entry as unknown[]) : [];
      if (bundle.entry !== undefined && !Array.isArray(bundle.entry)) {
        throw malformed(FHIR_WRITE_MESSAGES.wrongType('Bundle.entry', 'an array'), 'Bundle.entry');
      }
      if (entries.length > FHIR_WRITE_LIMITS.maxBatchEntries) {
        throw new FhirError(
          413,
          'too-long',
          FHIR_WRITE_MESSAGES.batchTooLarge,
          undefined,
          'Bundle.entry',
        );
      }
      const written = new Set<number>();
      let startedChats = 0;
      const answers: BundleEntry[] = [];
      for (const item of entries) {
        answers.push(await batchEntry(item));
      }
      if (written.size > 0) {
        // Counted once for the whole upload: one app session, however many entries.
        await db.transaction(() => countActivity(author, startedChats));
        await deps.screen([...written]);
      }
      return { resourceType: 'Bundle', type: 'batch-response', entry: answers };

      async function batchEntry(item: unknown): Promise<BundleEntry> {
        try {
          const entry = objectAt(item, 'Bundle.entry');
          const request = objectAt(entry.request, 'Bundle.entry.request');
          const url = optionalStringAt(request.url, 'Bundle.entry.request.url') ?? '';
          const type = entryType(url, ctx.base);
          const resource = isObject(entry.resource) ? entry.resource : undefined;
          if (request.method !== 'POST' || !isWritable(type)) {
            throw new FhirError(405, 'not-supported', FHIR_WRITE_MESSAGES.batchEntry);
          }
          if (resource?.resourceType === 'Bundle') {
            throw new FhirError(400, 'not-supported', FHIR_WRITE_MESSAGES.batchNested);
          }
          mayCreate(type);
          const ifNoneExist = optionalStringAt(
            request.ifNoneExist,
            'Bundle.entry.request.ifNoneExist',
          );
          const created = await createOne(author, type, resource, ifNoneExist, audit, 'later');
          written.add(created.participantId);
          if (created.startedChat) startedChats += 1;
          return {
            fullUrl: created.location,
            resource: created.resource,
            response: {
              status: statusLine(created.status),
              location: created.location,
              ...(created.resource.meta?.lastUpdated
                ? { lastModified: created.resource.meta.lastUpdated }
                : {}),
            },
          };
        } catch (error) {
          if (!(error instanceof FhirError)) throw error;
          return {
            response: {
              status: statusLine(error.statusCode),
              outcome: operationOutcome(error.issueType, error.message, 'error', error.expression),
            },
          };
        }
      }
    },
  };
}
export type FhirWriteService = ReturnType<typeof createFhirWriteService>;

/** 404 for a type this server does not serve at all, 405 for one it serves read-only. */
export function refuseUnwritable(type: string, served: boolean): never {
  if (!served) throw new FhirError(404, 'not-supported', FHIR_MESSAGES.unknownType(type));
  throw new FhirError(405, 'not-supported', FHIR_MESSAGES.methodNotAllowed);
}
