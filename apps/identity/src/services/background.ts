/** Where a failed task is reported: the app's pino logger, or a test's stand-in. */
export interface BackgroundLog {
  error(details: Record<string, unknown>, message: string): void;
}

/**
 * Work an anonymous request does after its answer (issue 10): a request that mails an existing
 * account must answer as fast as one for an unknown email, so the answer goes first and the mail,
 * the tokens and the audit rows follow here.
 */
export interface BackgroundTasks {
  /**
   * Runs `task` once the current request has answered. A failure is logged under `label`, never
   * thrown. Tasks of one `key` (an account, an address) run one after the other, in order.
   */
  run(label: string, task: () => Promise<unknown>, key?: string): void;
  /** Resolves once no task is pending, including tasks started by tasks (tests, shutdown). */
  idle(): Promise<void>;
}

export function createBackgroundTasks(log: BackgroundLog): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  const tails = new Map<string, Promise<void>>();

  const execute = async (label: string, task: () => Promise<unknown>) => {
    // setImmediate: the reply is written before the task's first query starts.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      await task();
    } catch (error) {
      log.error({ err: error, task: label }, 'background task failed');
    }
  };

  return {
    run(label, task, key) {
      const previous = key === undefined ? undefined : tails.get(key);
      const running = previous ? previous.then(() => execute(label, task)) : execute(label, task);
      pending.add(running);
      if (key !== undefined) tails.set(key, running);
      void running.finally(() => {
        pending.delete(running);
        if (key !== undefined && tails.get(key) === running) tails.delete(key);
      });
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
