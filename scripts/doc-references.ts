import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A citation of an issue number: "issue", "issues" or "Issue #" and a number. The repository has
 * no issue list, so a reader sent to one finds nothing: source and docs cite `docs/product-spec.md
 * §N`, a docs section or a decision record instead (docs/decisions/README.md).
 */
export const ISSUE_REFERENCE = /\bissues? #?\d+\b/i;

/** Text files people read: source, tests, configuration, scripts, styles and docs. */
const SCANNED = /\.(ts|tsx|js|cjs|mjs|sh|css|html|json|jsonc|md|ya?ml)$|(^|\/)(Dockerfile|run)$/;
/** Generated files nobody writes by hand. */
const SKIPPED = /(^|\/)(package-lock\.json|drizzle\/meta\/.*)$/;

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Folders of a working tree that hold no hand-written file (installed, built or run-time data). */
const UNTRACKED_FOLDERS = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  '.outbox',
  '.openapi',
]);

/** The working tree's files when it is not a git checkout (an unpacked archive). */
function filesOnDisk(root: string, folder = ''): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return UNTRACKED_FOLDERS.has(entry.name) ? [] : filesOnDisk(root, file);
    return entry.isFile() ? [file] : [];
  });
}

/** The repository's scanned files (tracked and still present), relative to its root. */
export function scannedFiles(root = ROOT): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).split('\0');
  } catch {
    files = filesOnDisk(root);
  }
  return files.filter(
    (file) => SCANNED.test(file) && !SKIPPED.test(file) && existsSync(path.join(root, file)),
  );
}

const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');

/** Each `file:line: text` of `text` that cites an issue number. */
export function issueReferencesIn(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      ISSUE_REFERENCE.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 160)}`] : [],
    );
}

/** Every line of the scanned files that cites an issue number. */
export function issueReferences(root = ROOT): string[] {
  return scannedFiles(root).flatMap((file) => issueReferencesIn(file, read(root, file)));
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-');
}

/** The anchors of a Markdown file's headings (outside code blocks). */
export function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (!inCode && heading?.[1]) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

/** `docs/<file>.md[#anchor]` as code and docs cite them, and `[text](<file>.md[#anchor])` in Markdown. */
const CITED_SECTION = /(?<![\w./-])(docs\/[\w\-/]+\.md)(?:#([\w-]+))?/g;
const MARKDOWN_LINK = /\]\(([\w\-./]*\.md)(?:#([\w-]+))?\)/g;

/** Each `file:line: target[#anchor]` citing a docs file, or a section of one, that does not exist. */
export function brokenSectionLinks(root = ROOT): string[] {
  const files = scannedFiles(root);
  const anchors = new Map(
    files.filter((file) => file.endsWith('.md')).map((file) => [file, anchorsIn(read(root, file))]),
  );
  return files.flatMap((file) =>
    read(root, file)
      .split('\n')
      .flatMap((line, index) => {
        const links = [...line.matchAll(CITED_SECTION)].map((m) => [m[1] ?? '', m[2], m[0]]);
        if (file.endsWith('.md'))
          for (const m of line.matchAll(MARKDOWN_LINK))
            links.push([
              path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] ?? '')),
              m[2],
              m[0],
            ]);
        return links
          .filter(([target, anchor]) => {
            const headings = anchors.get(target ?? '');
            // A plain `docs/<file>.md` beside an address names a file of that other site's repository.
            if (!headings) return anchor !== undefined || !/https?:\/\//.test(line);
            return anchor !== undefined && !headings.has(anchor);
          })
          .map(([, , cited]) => `${file}:${index + 1}: ${cited}`);
      }),
  );
}
