import type { FastifyBaseLogger } from 'fastify';

/** Work that goes on after a request has been answered; awaited when the app closes. */
export type Tasks = {
  /** Starts `task` now without waiting for it; a failure is logged under `name`. */
  run(name: string, task: () => Promise<void>): void;
  /** Waits for the tasks still running. */
  drain(): Promise<void>;
};

export function createTasks(log: FastifyBaseLogger): Tasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const p = task()
        .catch((err: unknown) => log.error({ err }, `${name} failed`))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async drain() {
      await Promise.allSettled([...running]);
    },
  };
}
