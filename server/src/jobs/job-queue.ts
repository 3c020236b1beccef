import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import { JOB_DEFINITIONS, JOB_NAMES, type JobName, type JobServices } from './definitions';

export interface JobQueue {
  /**
   * Asks for a run of `name` soon, from any instance's worker: after a commit that made work due
   * (an e-mail written to the outbox, say). Never throws: the periodic run catches up.
   */
  send(name: JobName): Promise<void>;
  /**
   * This instance works the queue (main.ts; tests run jobs directly with runBookingJobs): a
   * worker per job, and every `intervalSeconds` each job is sent, so some instance runs it.
   */
  startWorkers(services: JobServices, intervalSeconds: number): Promise<void>;
  /** Stops the ticker and the workers, waiting for runs under way (at most 10 s). */
  stop(): Promise<void>;
}

/** pg-boss's tables live in a schema of their own, beside the application's. */
const SCHEMA = 'pgboss';

/**
 * The application's one job queue: pg-boss, in the application's own database (PGlite or
 * PostgreSQL), started on first use. Each job of JOB_DEFINITIONS is a queue with the `stately`
 * policy: at most one run waiting and one running, so a burst of sends (or of instances' tickers)
 * collapses into one pass. A run that fails is not retried by the queue: the next tick is the retry.
 * Why pg-boss, and why in the database: docs/decisions/0002-pg-boss-for-jobs.md.
 */
export function createJobQueue(database: Database, log: FastifyBaseLogger): JobQueue {
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let ticker: NodeJS.Timeout | undefined;

  const start = () => {
    starting ??= (async () => {
      boss = new PgBoss({
        ...database.jobQueueConnection,
        schema: SCHEMA,
        schedule: false,
        useListenNotify: true,
      });
      boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
      await boss.start();
      for (const name of JOB_NAMES) {
        await boss.createQueue(name, {
          policy: 'stately',
          retryLimit: 0,
          expireInSeconds: 600,
          notify: true,
        });
      }
      return boss;
    })();
    // A start that failed (the database away at that moment) is tried again by the next send.
    starting.catch(() => {
      starting = undefined;
    });
    return starting;
  };

  const send = async (name: JobName) => {
    try {
      await (await start()).send(name, null);
    } catch (error) {
      log.error({ err: error, job: name }, 'job not sent; its periodic run will do it');
    }
  };

  return {
    send,
    async startWorkers(services, intervalSeconds) {
      if (intervalSeconds <= 0) return;
      const queue = await start();
      for (const name of JOB_NAMES) {
        await queue.work(name, { pollingIntervalSeconds: Math.min(intervalSeconds, 2) }, async () => {
          const summary = await JOB_DEFINITIONS[name].run(services);
          if (Object.values(summary).some(isSomething)) services.log.info({ job: name, summary }, 'job done');
        });
      }
      const sendAll = () => Promise.all(JOB_NAMES.map(send));
      await sendAll();
      ticker = setInterval(sendAll, intervalSeconds * 1000);
      ticker.unref();
    },
    async stop() {
      clearInterval(ticker);
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss?.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/** A count above zero, or a summary with one. */
function isSomething(value: unknown): boolean {
  if (typeof value === 'number') return value > 0;
  if (value && typeof value === 'object') return Object.values(value).some(isSomething);
  return false;
}
