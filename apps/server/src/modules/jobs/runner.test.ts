import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, testRepositories } from '../../test/app.ts';
import { defineJobs, type JobLane, type JobSet } from './lanes.ts';
import { JOB_ADDED_CHANNEL, sweepKey } from './repository.ts';
import { createJobRunner } from './runner.ts';

const { app } = await createTestApp();
const repos = testRepositories(app);

function runner(
  sets: JobSet[],
  options: { pollIntervalMs?: number; bulk?: number; mail?: number; jobs?: typeof repos.jobs } = {},
) {
  const made = createJobRunner({
    jobs: options.jobs ?? repos.jobs,
    sets,
    concurrency: { mail: options.mail ?? 2, bulk: options.bulk ?? 2, money: 1 },
    log: app.log,
    pollIntervalMs: options.pollIntervalMs ?? 0,
    listen: (wake) => app.database.listen(JOB_ADDED_CHANNEL, wake),
  });
  onTestFinished(() => made.stop());
  return made;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const kind = (lane: JobLane, run: () => Promise<void>) => ({ lane, run });

describe('job runner', () => {
  it('runs an added job at once, woken by the database, not at the next poll', async () => {
    const ran: string[] = [];
    const jobs = runner(
      [defineJobs({ kinds: { 'wake-test': kind('mail', async () => void ran.push('ran')) } })],
      // A poll an hour away: only the wake-up can run the job within the test.
      { pollIntervalMs: 3600_000 },
    );
    await jobs.start();
    await repos.transaction(async (r) => {
      await r.jobs.enqueue({ kind: 'wake-test', payload: {} });
    });
    await vi.waitFor(() => expect(ran).toEqual(['ran']), { timeout: 2_000, interval: 10 });
    await vi.waitFor(
      async () =>
        expect((await repos.jobs.listByKind('wake-test')).map((j) => j.status)).toEqual(['done']),
      { timeout: 10_000 },
    );
  });

  it('claims the jobs added together in one statement, not one per job and per idle slot', async () => {
    const claims: { limit: number; got: number }[] = [];
    const counted = {
      ...repos.jobs,
      claimDue: async (...args: Parameters<typeof repos.jobs.claimDue>) => {
        const got = await repos.jobs.claimDue(...args);
        // The mail lane's claims (the others claim at start too).
        if ('only' in args[1] && args[1].only.includes('batch-test')) {
          claims.push({ limit: args[2], got: got.length });
        }
        return got;
      },
    };
    const ran: number[] = [];
    const jobs = runner(
      [defineJobs({ kinds: { 'batch-test': kind('mail', async () => void ran.push(1)) } })],
      { pollIntervalMs: 3600_000, mail: 4, jobs: counted },
    );
    await jobs.start();
    // The claim every lane makes when the runner starts, with nothing due yet.
    await vi.waitFor(() => expect(claims).toEqual([{ limit: 4, got: 0 }]));
    const before = claims.length;
    // An order's mails: added in one transaction, announced together.
    await repos.transaction(async (r) => {
      for (let i = 0; i < 3; i++) await r.jobs.enqueue({ kind: 'batch-test', payload: { i } });
    });
    await vi.waitFor(
      async () =>
        expect(
          (await repos.jobs.listByKind('batch-test')).filter((j) => j.status === 'done'),
        ).toHaveLength(3),
      { timeout: 10_000 },
    );
    expect(ran).toHaveLength(3);
    // One claim took all three; nothing claimed again once they ended (the claim was not full).
    expect(claims.slice(before)).toEqual([{ limit: 4, got: 3 }]);
  });

  it('keeps a lane to its concurrency, and a lane whose jobs hang delays no other', async () => {
    const release = deferred();
    let running = 0;
    let most = 0;
    const mailed: string[] = [];
    const jobs = runner(
      [
        defineJobs({
          kinds: {
            'hangs-test': {
              lane: 'bulk',
              run: async (_payload, _job, context) => {
                running += 1;
                most = Math.max(most, running);
                // A failed expectation stops the runner: the job gives up rather than hang it.
                await Promise.race([
                  release.promise,
                  new Promise((resolve) => context!.signal.addEventListener('abort', resolve)),
                ]);
                running -= 1;
              },
            },
            'mail-test': kind('mail', async () => void mailed.push('sent')),
          },
        }),
      ],
      { pollIntervalMs: 3600_000, bulk: 3 },
    );
    await jobs.start();
    for (let i = 0; i < 10; i++) await repos.jobs.enqueue({ kind: 'hangs-test', payload: {} });
    await vi.waitFor(() => expect(running).toBe(3), { timeout: 10_000 });
    await repos.jobs.enqueue({ kind: 'mail-test', payload: {} });
    await vi.waitFor(() => expect(mailed).toEqual(['sent']), { timeout: 2_000, interval: 10 });
    expect(most).toBe(3);

    release.resolve();
    await vi.waitFor(
      async () =>
        expect(
          (await repos.jobs.listByKind('hangs-test')).filter((j) => j.status === 'done'),
        ).toHaveLength(10),
      { timeout: 10_000 },
    );
    expect(most).toBe(3);
  });

  it('runDueJobs runs every lane, the jobs they add and the sweeps, and counts the jobs', async () => {
    const order: string[] = [];
    let swept = 0;
    const jobs = runner([
      defineJobs({
        kinds: {
          'renew-test': kind('money', async () => {
            order.push('renewed');
            await repos.jobs.enqueue({ kind: 'receipt-test', payload: {} });
          }),
          'receipt-test': kind('mail', async () => void order.push('receipt')),
        },
        schedules: [
          {
            kind: 'sweep-test',
            lane: 'money',
            everyMs: 3600_000,
            run: async () => {
              swept += 1;
            },
          },
        ],
      }),
    ]);
    await repos.jobs.enqueue({ kind: 'renew-test', payload: {} });
    expect(await jobs.runDueJobs()).toBe(2);
    expect(order).toEqual(['renewed', 'receipt']);
    expect(swept).toBe(1);
    // The sweep waits for its next round, as one row for every process.
    const [sweep] = await repos.jobs.listByKind('sweep-test');
    expect(sweep).toMatchObject({ status: 'pending', uniqueKey: sweepKey('sweep-test') });
    expect(sweep!.runAt.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    // runDueJobs runs the sweeps whenever it is called; nothing else is due.
    expect(await jobs.runDueJobs()).toBe(0);
    expect(swept).toBe(2);
    expect(await repos.jobs.listByKind('sweep-test')).toHaveLength(1);
  });

  it('a failing sweep is tried again next round, never given up', async () => {
    const jobs = runner([
      defineJobs({
        schedules: [
          {
            kind: 'failing-sweep-test',
            lane: 'bulk',
            everyMs: 60_000,
            run: () => Promise.reject(new Error('the store is down')),
          },
        ],
      }),
    ]);
    expect(await jobs.runDueJobs()).toBe(0);
    const [sweep] = await repos.jobs.listByKind('failing-sweep-test');
    expect(sweep).toMatchObject({ status: 'pending', lastError: 'the store is down' });
  });

  it('a sweep cut off by a crash is taken over soon; a job keeps its long lock', async () => {
    await repos.jobs.ensureSweep('crashed-sweep-test', true);
    await repos.jobs.enqueue({ kind: 'crashed-job-test', payload: {} });
    const claimed = await repos.jobs.claimDue(
      'a-worker-that-dies',
      { only: ['crashed-sweep-test', 'crashed-job-test'] },
      2,
      { job: 300_000, sweep: 30_000 },
    );
    const lockOf = (kind: string) =>
      claimed.find((j) => j.kind === kind)!.lockedUntil!.getTime() - Date.now();
    expect(lockOf('crashed-sweep-test')).toBeLessThanOrEqual(30_000);
    expect(lockOf('crashed-sweep-test')).toBeGreaterThan(20_000);
    expect(lockOf('crashed-job-test')).toBeGreaterThan(290_000);
    // Finished here, so no later test's runner meets it.
    await repos.jobs.complete(
      claimed.find((j) => j.kind === 'crashed-job-test')!.id,
      'a-worker-that-dies',
    );
  });

  it('a kind no lane names fails, where it can be seen', async () => {
    await repos.jobs.enqueue({ kind: 'nobody-runs-this', payload: {} });
    const jobs = runner([defineJobs({ kinds: {} })]);
    expect(await jobs.runDueJobs()).toBe(1);
    const [job] = await repos.jobs.listByKind('nobody-runs-this');
    expect(job).toMatchObject({
      status: 'failed',
      lastError: 'No handler for job kind nobody-runs-this',
    });
  });

  it('stop tells the jobs in hand to give up waiting, and waits for them', async () => {
    const finish = deferred();
    let toldToStop = false;
    const jobs = runner(
      [
        defineJobs({
          kinds: {
            'in-hand-test': {
              lane: 'bulk',
              run: async (_payload, _job, context) => {
                // The row says 'running' before the handler starts: stop may come first.
                const { signal } = context!;
                if (!signal.aborted) {
                  await new Promise((resolve) =>
                    signal.addEventListener('abort', resolve, { once: true }),
                  );
                }
                toldToStop = true;
                await finish.promise;
              },
            },
          },
        }),
      ],
      { pollIntervalMs: 3600_000 },
    );
    await jobs.start();
    await repos.jobs.enqueue({ kind: 'in-hand-test', payload: {} });
    await vi.waitFor(
      async () => expect((await repos.jobs.listByKind('in-hand-test'))[0]?.status).toBe('running'),
      { timeout: 10_000 },
    );
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await vi.waitFor(() => expect(toldToStop).toBe(true), { timeout: 10_000 });
    expect(stopped).toBe(false);
    finish.resolve();
    await stopping;
    const [job] = await repos.jobs.listByKind('in-hand-test');
    expect(job!.status).toBe('done');
  });
});
