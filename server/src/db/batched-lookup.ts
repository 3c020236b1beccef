/**
 * Look-ups by key that arrive while one is running wait for it to end, then go together into the
 * next query: one round trip for all of them instead of one each. Nothing is cached: every
 * answer comes from a query made after it was asked for.
 */
export class BatchedLookup<Key, Value> {
  private readonly queue: {
    key: Key;
    resolve(value: Value | undefined): void;
    reject(error: unknown): void;
  }[] = [];
  private running = false;

  constructor(
    /** Reads the given keys (distinct) at once; keys not found are simply absent from the map. */
    private readonly read: (keys: Key[]) => Promise<Map<Key, Value>>,
    private readonly maxBatch = 200,
  ) {}

  load(key: Key): Promise<Value | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    const batch = this.queue.splice(0, this.maxBatch);
    this.read([...new Set(batch.map((item) => item.key))])
      .then(
        (found) => {
          for (const item of batch) item.resolve(found.get(item.key));
        },
        (error: unknown) => {
          for (const item of batch) item.reject(error);
        },
      )
      .finally(() => {
        this.running = false;
        this.next();
      });
  }
}
