import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/**
 * A clone has no issue tracker, so code cites what it does have: a spec section, a DESIGN
 * section, an ADR (docs/decisions) or a docs page. A story number explains nothing to a reader.
 */
const STORY_REFERENCE = /\bissues? #?\d+/i;

/** Code, tests, scripts and the CI entry, wherever they live. */
const SEARCHED = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'test', '.ci'];
const CODE = /\.(?:[cm]?[jt]sx?|sql|sh)$|^run$/;
const SKIPPED = new Set(['node_modules', 'dist', '.vite', 'coverage', 'test-results']);

function codeFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : codeFiles(file);
    return CODE.test(entry.name) ? [file] : [];
  });
}

/** `file:line` of every story reference in the given texts. */
function storyReferences(files: readonly { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    text
      .split('\n')
      .flatMap((line, index) => (STORY_REFERENCE.test(line) ? [`${file}:${index + 1}`] : [])),
  );
}

describe('code cites documents, not issue numbers', () => {
  it('finds no story reference in code, tests or scripts', () => {
    const files = SEARCHED.flatMap(codeFiles).map((file) => ({
      file,
      text: readFileSync(path.join(root, file), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(500);
    expect(storyReferences(files)).toEqual([]);
  });

  it('catches the ways a story number is written, and leaves citations alone', () => {
    expect(
      storyReferences([
        { file: 'a.ts', text: `// see issue ${22}\nconst a = 1;` },
        { file: 'b.tsx', text: `const b = 2;\n/** Issues #${7} and 8 */` },
        { file: 'c.ts', text: '// ADR 0018, spec §5, DESIGN §7, docs/fhir.md, 3 issues found' },
      ]),
    ).toEqual(['a.ts:1', 'b.tsx:2']);
  });
});
