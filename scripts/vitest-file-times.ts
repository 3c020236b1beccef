/**
 * A Vitest reporter for CI (`.ci/run`): where each test file's time went, written as JSON to the
 * file named by VITEST_FILE_TIMES (nothing without it). Vitest's JSON reporter times a file from
 * its first test to its last; what a file spends before (importing the app, `beforeAll` building
 * it and its database) is read here from the module's diagnostic. scripts/ci-report.ts prints it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  /** Worker start, environment and setup files. */
  startup: number;
  /** Importing the test file and what it imports, and running its `describe` callbacks. */
  import: number;
  /** Hooks (`beforeAll`: the test app and its database; `afterAll`), the file's time outside tests. */
  hooks: number;
  tests: number;
  total: number;
}

export default class FileTimes implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const output = process.env.VITEST_FILE_TIMES;
    if (!output) return;
    const rows: FileTime[] = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      let tests = 0;
      for (const test of module.children.allTests()) tests += test.diagnostic()?.duration ?? 0;
      const startup =
        diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.setupDuration;
      const hooks = Math.max(0, diagnostic.duration - tests);
      return {
        file: path.relative(process.cwd(), module.moduleId),
        startup,
        import: diagnostic.collectDuration,
        hooks,
        tests,
        total: startup + diagnostic.collectDuration + hooks + tests,
      };
    });
    writeFileSync(output, JSON.stringify(rows, null, 1));
  }
}
