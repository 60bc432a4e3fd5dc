import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** scripts/check-migrations.mjs against temporary copies of server/migrations, one failure mode each. */
const script = path.resolve(__dirname, '../../scripts/check-migrations.mjs');
const realMigrations = path.resolve(__dirname, '../migrations');

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-copy-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function copy(): string {
  const dir = path.join(tmp, 'migrations');
  fs.cpSync(realMigrations, dir, { recursive: true });
  return dir;
}

function run(dir: string, ...extra: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, '--migrations', dir, ...extra], { timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const journalOf = (dir: string) => path.join(dir, 'meta', '_journal.json');
const readJournal = (dir: string) => JSON.parse(fs.readFileSync(journalOf(dir), 'utf8'));
const writeJournal = (dir: string, journal: unknown) => fs.writeFileSync(journalOf(dir), JSON.stringify(journal, null, 2));

describe('scripts/check-migrations.mjs', () => {
  it('passes on the committed migrations (journal, checksums, and drizzle-kit generate has nothing to add)', async () => {
    const dir = copy();
    const before = fs.readdirSync(dir).sort();
    const res = await run(dir);
    expect(res).toMatchObject({ code: 0 });
    expect(res.output).toContain('schema and migrations agree');
    expect(fs.readdirSync(dir).sort()).toEqual(before); // generated into its own temporary copy
  });

  it('fails when the schema has a change that no committed migration holds', async () => {
    const dir = copy();
    // Take the newest migrations away up to the newest one that changes the schema (a custom SQL
    // migration, a backfill or a trigger, changes none), as if that change had been made without generating it.
    const journal = readJournal(dir);
    const sums = JSON.parse(fs.readFileSync(path.join(dir, 'checksums.json'), 'utf8'));
    // Compared with the keys sorted: drizzle-kit writes a custom migration's snapshot with the same content in
    // another key order (0023, 0028).
    const sorted = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])) : v;
    const shape = (tag: string) => {
      const { id: _id, prevId: _prev, ...rest } = JSON.parse(fs.readFileSync(path.join(dir, 'meta', `${tag.slice(0, 4)}_snapshot.json`), 'utf8'));
      return JSON.stringify(sorted(rest));
    };
    let last = journal.entries.pop();
    while (journal.entries.length && shape(last.tag) === shape(journal.entries[journal.entries.length - 1].tag)) {
      for (const f of [`${last.tag}.sql`, path.join('meta', `${last.tag.slice(0, 4)}_snapshot.json`)]) fs.rmSync(path.join(dir, f));
      delete sums[`${last.tag}.sql`];
      last = journal.entries.pop();
    }
    writeJournal(dir, journal);
    fs.rmSync(path.join(dir, `${last.tag}.sql`));
    fs.rmSync(path.join(dir, 'meta', `${last.tag.slice(0, 4)}_snapshot.json`));
    delete sums[`${last.tag}.sql`];
    fs.writeFileSync(path.join(dir, 'checksums.json'), JSON.stringify(sums));
    const res = await run(dir);
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/the schema has changes with no committed migration/);
    // The SQL of the missing migration itself is shown (whatever it holds: a table, a column, an index).
    const missingSql = fs.readFileSync(path.join(realMigrations, `${last.tag}.sql`), 'utf8').split('--> statement-breakpoint')[0].trim();
    expect(res.output).toContain(missingSql.split('\n')[0]);
  });

  it('fails when the journal is out of order (idx, when, tag without a file, file without an entry)', async () => {
    const dir = copy();
    const journal = readJournal(dir);
    journal.entries[1].when = journal.entries[0].when - 1;
    writeJournal(dir, journal);
    let res = await run(dir, '--skip-generate');
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/journal out of order: 0001_\w+ has when \d+, not after 0000_init/);

    const dir2 = path.join(tmp, 'second');
    fs.cpSync(realMigrations, dir2, { recursive: true });
    const j2 = readJournal(dir2);
    j2.entries[1].idx = 5;
    j2.entries.push({ ...j2.entries[1], idx: 2, when: j2.entries[1].when + 1, tag: '0002_missing' });
    writeJournal(dir2, j2);
    fs.writeFileSync(path.join(dir2, '0003_by_hand.sql'), 'select 1;');
    res = await run(dir2, '--skip-generate');
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/has idx 5, expected 1/);
    expect(res.output).toMatch(/0002_missing\.sql is missing/);
    expect(res.output).toMatch(/0003_by_hand\.sql is not in the journal/);
  });

  it('fails when a committed migration was edited or deleted, and --accept does not bless the edit', async () => {
    const dir = copy();
    fs.appendFileSync(path.join(dir, '0000_init.sql'), '\n-- a quiet fix\n');
    let res = await run(dir, '--skip-generate', '--accept');
    expect(res.code).toBe(1);
    expect(res.output).toMatch(/0000_init\.sql was edited after it was committed/);
    fs.rmSync(path.join(dir, '0000_init.sql'));
    res = await run(dir, '--skip-generate');
    expect(res.output).toMatch(/0000_init\.sql was committed and is now deleted/);
  });

  it('asks for a new migration to be accepted, and --accept appends its checksum', async () => {
    const dir = copy();
    const sums = JSON.parse(fs.readFileSync(path.join(dir, 'checksums.json'), 'utf8'));
    const newest = Object.keys(sums).sort().pop()!;
    delete sums[newest];
    fs.writeFileSync(path.join(dir, 'checksums.json'), JSON.stringify(sums));
    let res = await run(dir, '--skip-generate');
    expect(res.code).toBe(1);
    expect(res.output).toContain(`${newest} not in`);
    res = await run(dir, '--skip-generate', '--accept');
    expect(res.code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'checksums.json'), 'utf8'))).toHaveProperty([newest]);
  });
});
