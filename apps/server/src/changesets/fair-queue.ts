/**
 * Shares a few slots (the engine's threads) between owners (projects): waiting owners take turns, one task each,
 * the owner served longest ago first, whatever the number of tasks one of them queued; one owner holds at most
 * `perOwner` slots at a time. So a
 * project with many costly tasks never holds the others' behind it: another project's task starts as soon as a
 * slot is free, and with more than one slot there is always one it can start on at once.
 */
export type FairQueue = {
  /** Runs `work` once a slot is free and it is `owner`'s turn; the slot is held until `work` settles. */
  run<T>(owner: string, work: () => Promise<T>): Promise<T>;
  /** Refuses the tasks still waiting (the engine is shutting down). */
  close(): void;
};

type Waiting = { start: () => void; refuse: (error: Error) => void };

export function createFairQueue(options: { slots: number; perOwner: number }): FairQueue {
  const waiting = new Map<string, Waiting[]>();
  const running = new Map<string, number>();
  /** When each owner with tasks last started one (a counter): the owner served longest ago goes next. */
  const lastStart = new Map<string, number>();
  let starts = 0;
  let busy = 0;
  let closed = false;

  /** The owner whose turn it is: waiting, below its share of slots, served longest ago (never: first). */
  function nextOwner(): string | undefined {
    let next: string | undefined;
    for (const owner of waiting.keys()) {
      if ((running.get(owner) ?? 0) >= options.perOwner) continue;
      if (next === undefined || (lastStart.get(owner) ?? -1) < (lastStart.get(next) ?? -1)) next = owner;
    }
    return next;
  }

  function startNext(): void {
    while (busy < options.slots) {
      const owner = nextOwner();
      if (owner === undefined) return;
      const tasks = waiting.get(owner)!;
      const task = tasks.shift()!;
      if (tasks.length === 0) waiting.delete(owner);
      running.set(owner, (running.get(owner) ?? 0) + 1);
      lastStart.set(owner, (starts += 1));
      busy += 1;
      task.start();
    }
  }

  function release(owner: string): void {
    busy -= 1;
    const count = (running.get(owner) ?? 1) - 1;
    if (count > 0) running.set(owner, count);
    else {
      running.delete(owner);
      if (!waiting.has(owner)) lastStart.delete(owner);
    }
    startNext();
  }

  return {
    async run(owner, work) {
      if (closed) throw new Error('The changeset engine is closed');
      await new Promise<void>((start, refuse) => {
        const tasks = waiting.get(owner) ?? [];
        tasks.push({ start, refuse });
        waiting.set(owner, tasks);
        startNext();
      });
      try {
        return await work();
      } finally {
        release(owner);
      }
    },
    close() {
      closed = true;
      for (const tasks of waiting.values()) {
        for (const task of tasks) task.refuse(new Error('The changeset engine is closed'));
      }
      waiting.clear();
    },
  };
}
