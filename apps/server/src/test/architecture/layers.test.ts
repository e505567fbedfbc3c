import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const eslint = new ESLint({ cwd: root });

/** The layer rule's findings when `source` is the text of the file at `file`. */
async function layerFindings(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

describe('server layers (docs/architecture.md)', () => {
  // The first lint builds the TypeScript program the typed rules need: on a busy machine that
  // alone can outlast a test's time, so it is paid here.
  beforeAll(() => layerFindings('apps/server/src/features/pain/pain.routes.ts', ''), 120_000);

  it.each(['#app/features/surveys/surveys.service', '../surveys/surveys.service'])(
    'refuses a feature importing another feature (%s)',
    async (specifier) => {
      const findings = await layerFindings(
        'apps/server/src/features/pain/pain.routes.ts',
        `export { createSurveyService } from '${specifier}';\n`,
      );
      expect(findings).toEqual([expect.stringMatching(/never imports another feature/)]);
    },
  );

  it('lets a feature import the shared kernel and its own files', async () => {
    const findings = await layerFindings(
      'apps/server/src/features/pain/pain.routes.ts',
      [
        "export { auditOf } from '#app/core/audit/request-audit';",
        "export { registerPainRoutes } from './pain.routes';",
        '',
      ].join('\n'),
    );
    expect(findings).toEqual([]);
  });

  it.each([
    'core/days.ts',
    'lib/csv.ts',
    'plugins/auth.ts',
    'mail/templates.ts',
    'demo/seed-demo.ts',
  ])('refuses %s importing a feature', async (file) => {
    const findings = await layerFindings(
      `apps/server/src/${file}`,
      "export { createSurveyService } from '#app/features/surveys/surveys.service';\n",
    );
    expect(findings).toEqual([expect.stringMatching(/never imports one/)]);
  });

  it.each([
    ['core/days.ts', '#app/demo/seed-random', /never imports one/],
    ['db/client.ts', '#app/demo/seed-demo', /imports no layer above it/],
    ['db/schema/users.ts', '#app/core/days', /imports no layer above it/],
  ])('refuses %s importing %s', async (file, specifier, message) => {
    const findings = await layerFindings(
      `apps/server/src/${file}`,
      `export * from '${specifier}';\n`,
    );
    expect(findings).toEqual([expect.stringMatching(message)]);
  });

  it('lets the simulation feature drive the demo generator', async () => {
    const findings = await layerFindings(
      'apps/server/src/features/simulation/simulation.service.ts',
      "export { planProgramme } from '#app/demo/programme-plan';\n",
    );
    expect(findings).toEqual([]);
  });

  it.each([
    ['features/sso/sso.service.ts', '#app/features/account/account.service'],
    ['features/clinicians/clinicians.service.ts', '#app/features/profile/profile.service'],
    ['features/account/account.service.ts', '#app/features/mfa/mfa.service'],
  ])('has no exception list: %s may not import %s either', async (file, specifier) => {
    const findings = await layerFindings(
      `apps/server/src/${file}`,
      `export type * from '${specifier}';\n`,
    );
    expect(findings).toEqual([expect.stringMatching(/never imports another feature/)]);
  });
});
