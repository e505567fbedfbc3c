import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { staffRoleSchema } from '@recovery-portal/contract/users';
import {
  newPasswordSchema,
  refusePasswordFromEmail,
} from '@recovery-portal/contract/password-policy';
import { emailSchema, personNameSchema } from '@recovery-portal/contract/validation';
import { loadConfig } from '#app/config';
import { openConfiguredDatabase } from '#app/db/open-configured-database';
import { createStaffAccount } from '#app/features/account/create-staff-account';
import { lockDataDir } from '#app/lib/data-dir-lock';

const USAGE =
  'Usage: npm run user:create -- --role ADMINISTRATOR|CLINICIAN --email EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME]';

const argsFields = z.object({
  role: staffRoleSchema,
  email: emailSchema,
  password: newPasswordSchema,
  'first-name': personNameSchema.optional(),
  'last-name': z.string().trim().max(120).optional(),
});
const argsSchema = argsFields.superRefine(
  refusePasswordFromEmail<z.infer<typeof argsFields>>('email', 'password'),
);

/** Creates a staff account for a real deployment, against the configured database. */
async function main() {
  const { values } = parseArgs({
    options: {
      role: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `--${issue?.path.join('.') ?? 'arguments'}: ${issue?.message ?? 'invalid'}\n${USAGE}`,
    );
  }
  const args = parsed.data;
  const config = loadConfig();
  let release = () => {};
  if (config.databaseKind === 'pglite') {
    await mkdir(config.dataDir, { recursive: true });
    release = lockDataDir(config.dataDir);
  }
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const { id } = await createStaffAccount(database.db, {
      role: args.role,
      email: args.email,
      password: args.password,
      firstName:
        args['first-name'] ?? (args.role === 'ADMINISTRATOR' ? 'Administrator' : 'Clinician'),
      lastName: args['last-name'] ?? '',
    });
    process.stdout.write(`Created ${args.role} ${args.email.toLowerCase()} (id ${id}).\n`);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
