// Answers are handed to node:http together at the end of the event-loop turn that computed them (setImmediate runs
// after the turn's I/O callbacks), not each as soon as it is ready. Under load one turn reads many requests; writing
// their answers back to back wakes a client that waits for them once a batch instead of once an answer, and keeps the
// request path's code and data in the caches while the turn computes. Measured at 1 M scenes, nearby r=500 top 50,
// 32 connections on loopback, side by side: main-thread CPU a request 157 + 31 µs (user + system) → 113 + 13, requests/s
// 1.28×; p50 latency fell with the queue. An answer waits at most for the rest of its turn's work; alone, for one
// setImmediate. (On loopback the system time saved is partly the client's wake-up, which the sender pays.)

let waiting: (() => void)[] = [];

function releaseTurn(): void {
  const released = waiting;
  waiting = [];
  for (const resolve of released) resolve();
}

/** Resolves once the current event-loop turn's I/O callbacks have run, with every other wait of the same turn. */
export function untilTurnEnds(): Promise<void> {
  return new Promise((resolve) => {
    if (waiting.push(resolve) === 1) setImmediate(releaseTurn);
  });
}
