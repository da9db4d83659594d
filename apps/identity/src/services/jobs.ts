import type { BackgroundLog } from './background.js';

/**
 * The server's periodic work (issue 14): the event dispatcher, webhook deliveries, scheduled reports and
 * retention. Each job is registered once by its service; `npm start` runs them on their intervals, tests
 * run them when they choose (`runAll`), so no test waits on a timer.
 */
export interface Jobs {
  /** Adds a job; `run` answers how much it did (a job that did a full batch runs again at once). */
  register(job: Job): void;
  /** Runs every job until none has work left (tests, and once at start). */
  runAll(): Promise<void>;
  /** Runs one job once, by name (tests). */
  run(name: string): Promise<number>;
  /** Runs every job, each first after `firstRunDelayMs`, then at its interval. */
  start(firstRunDelayMs?: number): void;
  /** Stops the timers and waits for the runs in flight. */
  stop(): Promise<void>;
}

export interface Job {
  name: string;
  intervalMs: number;
  /** One pass; answers the number of items it handled (0 when idle). */
  run(): Promise<number>;
  /** When a pass handles at least this many items, the next pass starts at once. */
  batchSize?: number;
}

export function createJobs(log: BackgroundLog): Jobs {
  const jobs = new Map<string, Job>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let started = false;

  const runOnce = async (job: Job): Promise<number> => {
    try {
      return await job.run();
    } catch (error) {
      log.error({ err: error, job: job.name }, 'job failed');
      return 0;
    }
  };

  const schedule = (job: Job, delayMs: number) => {
    if (!started) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const running = runOnce(job).then((handled) => {
        const full = job.batchSize !== undefined && handled >= job.batchSize;
        schedule(job, full ? 0 : job.intervalMs);
      });
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running));
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      jobs.set(job.name, job);
      if (started) schedule(job, job.intervalMs);
    },
    async runAll() {
      for (let pass = 0; pass < 100; pass += 1) {
        let handled = 0;
        for (const job of jobs.values()) handled += await runOnce(job);
        if (handled === 0) return;
      }
    },
    async run(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      return runOnce(job);
    },
    start(firstRunDelayMs = 0) {
      if (started) return;
      started = true;
      for (const job of jobs.values()) schedule(job, firstRunDelayMs);
    },
    async stop() {
      started = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
