/** localStorage that never throws (private mode, full quota, disabled storage). */
export const browserStorage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  getJson<T>(key: string): T | null {
    const raw = browserStorage.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the app keeps working from memory.
    }
  },
  remove(...keys: string[]): void {
    for (const key of keys) {
      try {
        localStorage.removeItem(key);
      } catch {
        // Nothing to remove.
      }
    }
  },
};
