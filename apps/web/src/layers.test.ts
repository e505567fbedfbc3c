import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RULE = 'import-x/no-restricted-paths';
// Only the layer rule runs, so the linter needs no TypeScript program (which takes seconds).
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The layer rule's findings when `source` is the text of the file at `file`. */
async function layerFindings(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE)
    .map((message) => message.message);
}

describe('web layers (docs/architecture.md)', () => {
  it.each([
    '#app/features/care-team/components/create-task-dialog.tsx',
    '../../care-team/components/create-task-dialog',
  ])('refuses a feature importing another feature (%s)', async (specifier) => {
    const findings = await layerFindings(
      'apps/web/src/features/flags/components/flags-list.tsx',
      `export { CreateTaskDialog } from '${specifier}';\n`,
    );
    expect(findings).toEqual([expect.stringMatching(/never imports another feature/)]);
  });

  it("refuses it from a feature's test too", async () => {
    const findings = await layerFindings(
      'apps/web/src/features/participants/components/participants-list.test.tsx',
      "export { STAFF } from '#app/features/care-team/api/get-assignable-staff.ts';\n",
    );
    expect(findings).toEqual([expect.stringMatching(/never imports another feature/)]);
  });

  it('lets a feature import lib, components and its own files', async () => {
    const findings = await layerFindings(
      'apps/web/src/features/flags/components/flags-list.tsx',
      [
        "export { apiRequest } from '#app/lib/api/request.ts';",
        "export { PageHeading } from '#app/components/layout/page-heading.tsx';",
        "export { flagLink } from '../flag-link';",
        "export { AcknowledgeFlagDialog } from './acknowledge-flag-dialog';",
        '',
      ].join('\n'),
    );
    expect(findings).toEqual([]);
  });

  it('lets a route compose two features', async () => {
    const findings = await layerFindings(
      'apps/web/src/app/routes/flags.tsx',
      [
        "export { CreateTaskDialog } from '#app/features/care-team/components/create-task-dialog.tsx';",
        "export { FlagsList } from '#app/features/flags/components/flags-list.tsx';",
        '',
      ].join('\n'),
    );
    expect(findings).toEqual([]);
  });

  it.each(['lib/format.ts', 'components/ui/data-table.tsx'])(
    'refuses %s importing a feature',
    async (file) => {
      const findings = await layerFindings(
        `apps/web/src/${file}`,
        "export { flagLink } from '#app/features/flags/flag-link.ts';\n",
      );
      expect(findings).toEqual([expect.stringMatching(/never imports one/)]);
    },
  );

  it('refuses a feature importing app/', async () => {
    const findings = await layerFindings(
      'apps/web/src/features/flags/flag-link.ts',
      "export { FlagsRoute } from '#app/app/routes/flags.tsx';\n",
    );
    expect(findings).toEqual([expect.stringMatching(/never imports app/)]);
  });
});
