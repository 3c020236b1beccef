import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from './client';

it('keeps data in a PGlite folder across restarts and refuses a second process on the same folder', async () => {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), 'tikat-')), 'pglite');
  const lockFile = `${folder}.lock`;
  try {
    const first = await openDatabase({ dataDir: folder });
    await first.db.execute(sql`create table visits (n int)`);
    await first.db.execute(sql`insert into visits values (7)`);

    // Another live process (our parent) owns the folder: a second opener must stop.
    writeFileSync(lockFile, String(process.ppid));
    await expect(openDatabase({ dataDir: folder })).rejects.toThrow(/in use by process/);

    writeFileSync(lockFile, String(process.pid));
    await first.close();
    const reopened = await openDatabase({ dataDir: folder });
    const result = (await reopened.db.execute(sql`select n from visits`)) as unknown as {
      rows: { n: number }[];
    };
    expect(result.rows).toEqual([{ n: 7 }]);
    await reopened.close();
  } finally {
    rmSync(path.dirname(folder), { recursive: true, force: true });
  }
});
