import { parseArgs } from 'node:util';
import { z } from 'zod';
import { staffRoleSchema } from '@recovery-portal/contract/users';
import {
  newPasswordSchema,
  refusePasswordFromEmail,
} from '@recovery-portal/contract/password-policy';
import { emailSchema, personNameSchema } from '@recovery-portal/contract/validation';
import { loadConfig } from '#app/config';
import { createStaffAccount } from '#app/core/staff-accounts/create-staff-account';
import { parseCliOptions, runCli, withMigratedDatabase } from './cli-support';

const USAGE =
  'Usage: npm run user:create -- --role ADMINISTRATOR|CLINICIAN --email EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME]';

const argsFields = z.object({
  role: staffRoleSchema,
  email: emailSchema,
  password: newPasswordSchema,
  'first-name': z.optional(personNameSchema),
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
  const args = parseCliOptions(argsSchema, values, USAGE);
  const config = loadConfig();
  await withMigratedDatabase(config, async (database) => {
    const { id } = await createStaffAccount(database.db, {
      role: args.role,
      email: args.email,
      password: args.password,
      firstName:
        args['first-name'] ?? (args.role === 'ADMINISTRATOR' ? 'Administrator' : 'Clinician'),
      lastName: args['last-name'] ?? '',
    });
    process.stdout.write(`Created ${args.role} ${args.email.toLowerCase()} (id ${id}).\n`);
  });
}

runCli(main);
