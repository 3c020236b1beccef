import { describe, expect, it } from 'vitest';
import {
  anchorOf,
  brokenSectionLinks,
  issueReferences,
  issueReferencesIn,
  scannedFiles,
} from './doc-references';

describe('references that last (docs/decisions/README.md)', () => {
  it('scans the source, tests, configuration and docs', () => {
    const files = scannedFiles();
    for (const file of [
      'ARCHITECTURE.md',
      'docs/product-spec.md',
      'biome.json',
      'server/src/app.ts',
      'web/index.html',
    ])
      expect(files).toContain(file);
    expect(files).not.toContain('package-lock.json');
  });

  it('no file cites an issue number; a failure lists each file:line that does', () => {
    expect(issueReferences()).toEqual([]);
  });

  it('flags a citation however it is written, and leaves statuses, counts and "issued" alone', () => {
    const number = 12; // written apart so this file does not cite one itself
    const cited = [
      `// The hold (issue ${number}).`,
      ` * per Issue #${number}, item 3`,
      `(see issues ${number} and 20)`,
      `issue ${number}'s target`,
    ];
    expect(issueReferencesIn('probe.ts', cited.join('\n'))).toHaveLength(cited.length);
    const clean = [
      'reply.code(404); // HTTP 404',
      'tickets issued 3 days ago',
      "const issue = 'seat-map';",
      'no issue with 2 holds',
      'docs/decisions/0009-hold-limits.md',
    ];
    expect(issueReferencesIn('probe.ts', clean.join('\n'))).toEqual([]);
  });

  it('every cited docs section exists: docs/<file>.md#anchor and [text](<file>.md#anchor) name a real heading', () => {
    expect(anchorOf("## A brand's own Duffel account".replace(/^#+ /, ''))).toBe(
      'a-brands-own-duffel-account',
    );
    expect(anchorOf('Start-up and memory: `npm run bench:startup`')).toBe(
      'start-up-and-memory-npm-run-benchstartup',
    );
    expect(brokenSectionLinks()).toEqual([]);
  });
});
