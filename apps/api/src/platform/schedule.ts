import type { FastifyInstance } from 'fastify';

/**
 * The app's one scheduler: runs `task` once the app is ready and then every `everyMs` (never two runs at once);
 * on close it stops and waits for a run in progress. A failure is logged under `name` and the next run goes on.
 */
export function every(app: FastifyInstance, everyMs: number, name: string, task: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= task()
      .catch((err) => app.log.error({ err }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
