import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not make its caller wait for: the bells and emails that follow
 * an order, saving the card as the default at the payment provider. A failure is logged and
 * never reaches the request that started it (that action has already succeeded). Shutdown
 * waits for all of it before the database closes, so nothing started is lost by a deploy.
 */
export function createAfterAnswer(log: FastifyBaseLogger) {
  const inFlight = new Set<Promise<void>>();
  return {
    /** Starts `work` now; answers a promise that settles when it has finished (tests wait on it). */
    run(what: string, work: () => Promise<void>): Promise<void> {
      const running = Promise.resolve()
        .then(work)
        .catch((err: unknown) => log.error({ err, what }, `${what} failed`))
        .finally(() => inFlight.delete(running));
      inFlight.add(running);
      return running;
    },
    /** Resolves once everything started so far, and anything it started, has finished. */
    async drain(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
export type AfterAnswer = ReturnType<typeof createAfterAnswer>;
