/**
 * Reads kept a short while per key: a reader says how old an answer it accepts; a read that
 * fails is forgotten at once; `forget` drops a key after this process changed what it reads.
 * Changes made by other instances are seen once the kept answer is older than a reader accepts.
 */
export class RecentReads<Key, Value> {
  private readonly kept = new Map<Key, { at: number; value: Promise<Value> }>();

  get(key: Key, maxAgeMs: number, read: () => Promise<Value>): Promise<Value> {
    const kept = this.kept.get(key);
    if (kept && Date.now() - kept.at < maxAgeMs) return kept.value;
    const value = read();
    this.kept.set(key, { at: Date.now(), value });
    value.catch(() => {
      if (this.kept.get(key)?.value === value) this.kept.delete(key);
    });
    return value;
  }

  forget(key: Key): void {
    this.kept.delete(key);
  }
}
