import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** No product file is longer (DESIGN; docs/architecture.md): split it by job instead. */
const MAX_LINES = 500;

/** Not product code: tests and their helpers, generated migrations, the demo's script text. */
const NOT_PRODUCT = [
  /\.test\.tsx?$/,
  /\/test\//,
  /\/testing\//,
  /[.-]fixtures\.ts$/,
  /\/db\/migrations\//,
  /^apps\/server\/src\/demo\/conversation-scripts\.ts$/,
];

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The product files among `files` (paths from the repository root) that are too long. */
function overLong(files: readonly { file: string; text: string }[]) {
  return files
    .filter(({ file }) => !NOT_PRODUCT.some((pattern) => pattern.test(file)))
    .map(({ file, text }) => ({ file, lines: lineCount(text) }))
    .filter(({ lines }) => lines > MAX_LINES);
}

/** Every TypeScript file under apps/<app>/src and packages/<package>/src. */
function sourceFiles(): { file: string; text: string }[] {
  return ['apps', 'packages'].flatMap((group) =>
    readdirSync(path.join(root, group)).flatMap((name) => {
      const src = path.join(group, name, 'src');
      if (!existsSync(path.join(root, src))) return [];
      return readdirSync(path.join(root, src), { recursive: true, encoding: 'utf8' })
        .filter((entry) => /\.tsx?$/.test(entry))
        .map((entry) => {
          const file = path.join(src, entry).split(path.sep).join('/');
          return { file, text: readFileSync(path.join(root, file), 'utf8') };
        });
    }),
  );
}

describe(`product files stay within ${MAX_LINES} lines`, () => {
  it('holds every product file of the apps and packages to the limit', () => {
    expect(overLong(sourceFiles())).toEqual([]);
  });

  it('reports a product file one line over, and leaves tests, migrations and seed text alone', () => {
    const text = 'export const line = 1;\n'.repeat(MAX_LINES + 1);
    expect(
      overLong([
        { file: 'apps/server/src/features/pain/pain.service.ts', text },
        { file: 'apps/web/src/features/pain/pain-card.tsx', text },
        { file: 'packages/contract/src/pain.ts', text },
        { file: 'apps/server/src/features/pain/pain.routes.ts', text: text.slice(23) },
        { file: 'apps/server/src/features/pain/pain.test.ts', text },
        { file: 'apps/web/src/testing/render-app.tsx', text },
        { file: 'apps/server/src/features/fhir/fhir.fixtures.ts', text },
        { file: 'apps/server/src/db/migrations/0001_pain.ts', text },
        { file: 'apps/server/src/demo/conversation-scripts.ts', text },
      ]),
    ).toEqual([
      { file: 'apps/server/src/features/pain/pain.service.ts', lines: 501 },
      { file: 'apps/web/src/features/pain/pain-card.tsx', lines: 501 },
      { file: 'packages/contract/src/pain.ts', lines: 501 },
    ]);
  });
});
