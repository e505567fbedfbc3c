import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS } from '@recovery-portal/contract/audit';
import {
  FHIR_CLIENT_APPROVED_MAIL,
  FHIR_CLIENT_MESSAGES,
  scopesReachPatientData,
  type FhirClient,
  type FhirClientList,
} from '@recovery-portal/contract/fhir-clients';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import type { AuditValues } from '#app/core/audit/record-audit';
import type { AuditFn } from '#app/core/audit/request-audit';
import type { Database } from '#app/db/client';
import { AppError } from '#app/lib/app-error';
import type { Mailer } from '#app/mail/mailer';
import {
  activeAdministratorEmails,
  approveFhirClient,
  auditedFhirClients,
  countActiveAdministrators,
  findFhirClient,
  insertFhirClient,
  revokeFhirClient,
  toFhirClient,
} from './fhir-clients.repository';
import { removeClientExports } from '#app/features/fhir/bulk-export/export-retention';
import { checkPublicJwk } from '#app/features/fhir/smart-auth/smart-tokens';

/** The administrator acting. */
interface Actor {
  id: number;
  email: string;
}

async function currentClient(db: Database, id: string): Promise<FhirClient> {
  const row = await findFhirClient(db, id);
  if (!row) throw new AppError('NOT_FOUND', FHIR_CLIENT_MESSAGES.notFound);
  return toFhirClient(row);
}

/**
 * The rules of registering system clients (DESIGN §6): fixed scopes, and one that reaches
 * patient data stays pending until an administrator other than its registrar approves it, which
 * every active administrator is told by mail. Each step is audited in the acting person's name.
 */
export function createFhirClientService(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  dataDir: string;
}) {
  const { db, mailer, dataDir } = deps;

  return {
    /** Every client and how many active administrators there are, read with the audit row. */
    async list(audit: AuditValues): Promise<FhirClientList> {
      const { clients, activeAdministrators } = await auditedFhirClients(db, audit);
      return { clients: clients.map(toFhirClient), active_administrators: activeAdministrators };
    },

    /**
     * Registers a participant app (a public client, no key): active at once, since it reaches
     * only the data of the participant who signs in to it and allows it.
     */
    async registerApp(
      body: { name: string; redirect_uris: string[]; scopes: string[] },
      actor: Actor,
      audit: AuditFn,
    ) {
      const id = randomUUID();
      await insertFhirClient(db, {
        id,
        kind: 'public',
        name: body.name,
        redirectUris: body.redirect_uris,
        scopes: body.scopes,
        createdBy: actor.id,
        approvedAt: new Date(),
      });
      await audit({
        action: AUDIT_ACTIONS.fhirClientRegister,
        details: {
          client_id: id,
          kind: 'public',
          name: body.name,
          redirect_uris: body.redirect_uris,
          scopes: body.scopes,
          status: 'active',
          registered_by: actor.id,
        },
      });
      return {
        message: FHIR_CLIENT_MESSAGES.registeredApp,
        client_id: id,
        client: await currentClient(db, id),
      };
    },

    /** Registers a system client: active at once unless its scopes reach patient data. */
    async register(
      body: { name: string; public_key_jwk: string; scopes: string[] },
      actor: Actor,
      audit: AuditFn,
    ) {
      const { key: publicKey, problem } = await checkPublicJwk(body.public_key_jwk);
      if (!publicKey) {
        throw new AppError('VALIDATION_ERROR', problem, [
          { field: 'public_key_jwk', message: problem },
        ]);
      }
      const pending = scopesReachPatientData(body.scopes);
      const id = randomUUID();
      await insertFhirClient(db, {
        id,
        kind: 'system',
        name: body.name,
        publicKey: publicKey as Record<string, unknown>,
        scopes: body.scopes,
        createdBy: actor.id,
        approvedAt: pending ? null : new Date(),
      });
      await audit({
        action: AUDIT_ACTIONS.fhirClientRegister,
        details: {
          client_id: id,
          name: body.name,
          scopes: body.scopes,
          status: pending ? 'pending' : 'active',
          registered_by: actor.id,
        },
      });
      return {
        message: pending ? FHIR_CLIENT_MESSAGES.registeredPending : FHIR_CLIENT_MESSAGES.registered,
        client_id: id,
        client: await currentClient(db, id),
      };
    },

    /** A second administrator's approval of a pending client; every administrator is told. */
    async approve(id: string, actor: Actor, audit: AuditFn) {
      const client = await currentClient(db, id);
      if (client.status === 'revoked')
        throw new AppError('NOT_FOUND', FHIR_CLIENT_MESSAGES.notFound);
      if (client.status === 'active')
        throw new AppError('CONFLICT', FHIR_CLIENT_MESSAGES.notPending);
      if ((await countActiveAdministrators(db)) < 2) {
        throw new AppError('CONFLICT', FHIR_CLIENT_MESSAGES.singleAdministrator);
      }
      if (client.created_by_id === actor.id) {
        throw new AppError('FORBIDDEN', FHIR_CLIENT_MESSAGES.ownApproval);
      }
      const text = FHIR_CLIENT_APPROVED_MAIL.text({
        name: client.name,
        scopes: client.scopes,
        registeredBy: client.created_by ?? 'an administrator whose account was removed',
        approvedBy: actor.email,
        link: `${deps.publicUrl}${WEB_ROUTES.fhirClients}`,
      });
      // Approval, its audit row and the mails commit together (the outbox queues them in it).
      await db.transaction(async (tx) => {
        // The checks above could be stale: the statement repeats them.
        if (!(await approveFhirClient(tx, id, actor.id))) {
          throw new AppError('CONFLICT', FHIR_CLIENT_MESSAGES.notPending);
        }
        await audit({
          action: AUDIT_ACTIONS.fhirClientApprove,
          details: {
            client_id: id,
            name: client.name,
            scopes: client.scopes,
            registered_by: client.created_by_id,
            approved_by: actor.id,
          },
        });
        for (const to of await activeAdministratorEmails(tx)) {
          const message = { to, subject: FHIR_CLIENT_APPROVED_MAIL.subject, text };
          await (mailer.queueWithin ? mailer.queueWithin(tx, message) : mailer.send(message));
        }
      });
      return {
        message: FHIR_CLIENT_MESSAGES.approved,
        client_id: id,
        client: await currentClient(db, id),
      };
    },

    /** Revokes a client, active or pending: its tokens stop working at once. */
    async revoke(id: string, audit: AuditFn) {
      const revoked = await revokeFhirClient(db, id);
      if (!revoked) throw new AppError('NOT_FOUND', FHIR_CLIENT_MESSAGES.notFound);
      // What it exported leaves with it: its files could otherwise still be fetched from disk.
      await removeClientExports(db, dataDir, id);
      await audit({
        action: AUDIT_ACTIONS.fhirClientRevoke,
        details: {
          client_id: id,
          registered_by: revoked.createdBy,
          approved_by: revoked.approvedBy,
        },
      });
      return { message: FHIR_CLIENT_MESSAGES.revoked };
    },
  };
}
export type FhirClientService = ReturnType<typeof createFhirClientService>;
