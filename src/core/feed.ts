// Records handed from work that runs on its own to a reader that may be slow or leave (pull's files
// and its -f report): the work never waits for the reader, so what waits is the records, kept until
// read. The records are small (one per translation) and the work's own list of what to do is already
// in memory, so they are not bounded. A reader that leaves ends the reading, never the work: records
// pushed after it are dropped.

interface Feed<T> {
  /** A record for the reader; never waits. */
  push(item: T): void;
  /** The work ended: the reader gets what is left, then the end (or the work's failure, thrown). */
  end(failure?: { error: unknown }): void;
  /** The records in the order pushed; read once. */
  items(): AsyncGenerator<T, void, undefined>;
}

export function feed<T>(): Feed<T> {
  let queue: T[] = [];
  let ended: { failure?: { error: unknown } } | undefined;
  let left = false;
  let wake: (() => void) | undefined;
  const poke = () => {
    wake?.();
    wake = undefined;
  };
  return {
    push(item) {
      if (left || ended) return;
      queue.push(item);
      poke();
    },
    end(failure) {
      if (ended) return;
      ended = { failure };
      poke();
    },
    async *items() {
      try {
        for (;;) {
          if (queue.length > 0) {
            const ready = queue;
            queue = [];
            for (const item of ready) yield item;
            continue;
          }
          if (ended) {
            if (ended.failure) throw ended.failure.error;
            return;
          }
          await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        // The reader left (or read all): records still to come have nobody to read them.
        left = true;
        queue = [];
      }
    },
  };
}
