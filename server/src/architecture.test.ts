import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES } from './jobs/definitions';

/**
 * ARCHITECTURE.md held to the code (no database): the booking walk of "One booking, end to end"
 * names files that exist, at most 20, and is closed over the main path (the rule is written in
 * that section); the job table lists exactly the registered jobs; the class list names every class;
 * the booking lifecycle's folders import each other in one direction only.
 */

const SRC = import.meta.dirname;
const ARCHITECTURE = readFileSync(path.resolve(SRC, '../../ARCHITECTURE.md'), 'utf8');

/** Folders of the main path: a walk file's imports in these must be walk files themselves. */
const MAIN_PATH =
  /^(domain\/bookings\/(hold|pay|settle-payment|issue)|routes\/bookings|routes\/payments|domain\/payments|jobs)\//;
/** Any transition's folder: a walk file's import of one off the main path is a named branch. */
const TRANSITION = /^domain\/bookings\/[^/]+\//;
const MAX_WALK_FILES = 20;

/** The text of one `## title` section of ARCHITECTURE.md. */
function section(title: string): string {
  const start = ARCHITECTURE.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`ARCHITECTURE.md has no section "${title}"`);
  const end = ARCHITECTURE.indexOf('\n## ', start + 1);
  return ARCHITECTURE.slice(start, end < 0 ? undefined : end);
}

/** The first column of each row of a markdown table whose cells are `code`, in order. */
function tableColumn(text: string): string[] {
  return [...text.matchAll(/^\|(?:\s*\d+\s*\|)?\s*`([^`]+)`\s*\|/gm)].map((m) => m[1] ?? '');
}

const walkSection = section('One booking, end to end');
const walk = tableColumn(walkSection);
/** What the walk says besides its table: where the branches off the main path are named. */
const walkProse = walkSection.replace(/^\|.*$/gm, '');

/** Every non-test source file of server/src, relative to it. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory())
      return name === 'test' || name === 'operations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path.relative(SRC, full)] : [];
  });
}

/** A file's relative imports (`import type` and re-exports included), as paths from server/src. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(path.join(SRC, file), 'utf8'), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = path.relative(SRC, path.resolve(SRC, path.dirname(file), specifier));
      return (
        [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find((p) => existsSync(path.join(SRC, p))) ??
        base
      );
    });
}

describe('ARCHITECTURE.md: one booking, end to end', () => {
  it('names files that exist, each once', () => {
    expect(walk.length).toBeGreaterThan(0);
    expect(walk.filter((file) => !existsSync(path.join(SRC, file)))).toEqual([]);
    expect(new Set(walk).size).toBe(walk.length);
  });

  it(`names at most ${MAX_WALK_FILES} files`, () => {
    expect(walk.length).toBeLessThanOrEqual(MAX_WALK_FILES);
  });

  it("misses no file of the main path: a walk file's imports in the main path's folders are in the walk", () => {
    const missing = walk
      .filter((file) => existsSync(path.join(SRC, file)))
      .flatMap((file) =>
        importsOf(file)
          .filter((imported) => MAIN_PATH.test(imported) && !walk.includes(imported))
          .map((imported) => `${file} imports ${imported}`),
      );
    expect(missing).toEqual([]);
  });

  it("names each branch off the main path: a walk file's imports of other transitions", () => {
    const unnamed = walk
      .filter((file) => existsSync(path.join(SRC, file)))
      .flatMap((file) =>
        importsOf(file)
          .filter((imported) => TRANSITION.test(imported) && !MAIN_PATH.test(imported))
          .filter((imported) => !walkProse.includes(imported))
          .map((imported) => `${file} imports ${imported}`),
      );
    expect(unnamed).toEqual([]);
  });

  it('names files that exist for the other transitions', () => {
    const named = [...walkProse.matchAll(/`((?:domain|routes|jobs)\/[^`\s]+\.ts)`/g)].map((m) => m[1] ?? '');
    expect(named.filter((file) => !existsSync(path.join(SRC, file)))).toEqual([]);
  });
});

describe('ARCHITECTURE.md: the job queue', () => {
  it('lists exactly the jobs registered in jobs/definitions.ts', () => {
    const listed = tableColumn(section('The job queue'));
    expect([...listed].sort()).toEqual([...JOB_NAMES].sort());
  });
});

describe('ARCHITECTURE.md: classes', () => {
  it('names every class declared in server/src (tests aside)', () => {
    const listed = section('Classes');
    const classes = sourceFiles().flatMap((file) => {
      const source = ts.createSourceFile(
        file,
        readFileSync(path.join(SRC, file), 'utf8'),
        ts.ScriptTarget.Latest,
      );
      const names: string[] = [];
      const visit = (node: ts.Node) => {
        if ((ts.isClassDeclaration(node) || ts.isClassExpression(node)) && node.name)
          names.push(node.name.text);
        ts.forEachChild(node, visit);
      };
      visit(source);
      return names.map((name) => ({ name, file }));
    });
    expect(classes.length).toBeGreaterThan(0);
    expect(classes.filter(({ name }) => !listed.includes(`\`${name}\``))).toEqual([]);
  });
});

// Folder cycles anywhere in server/src, the lifecycle's included, fail `npm run lint`
// (scripts/check-folder-cycles.ts, every depth): this file checks only what lint cannot.
describe('the booking lifecycle: the e-ticket documents below it', () => {
  it('domain/tickets (PDF, BCBP, boarding passes) imports nothing of the lifecycle', () => {
    const into = sourceFiles()
      .filter((file) => file.startsWith('domain/tickets/'))
      .flatMap((file) => importsOf(file).filter((imported) => imported.startsWith('domain/bookings/')));
    expect(into).toEqual([]);
  });
});
