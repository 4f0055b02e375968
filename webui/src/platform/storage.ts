// Local storage that never throws: private modes and blocked storage must not
// break the page, they only lose what would have been remembered.

export function readStorage(key: string, store: 'local' | 'session' = 'local'): string | null {
  try {
    return (store === 'local' ? localStorage : sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string, store: 'local' | 'session' = 'local'): void {
  try {
    (store === 'local' ? localStorage : sessionStorage).setItem(key, value);
  } catch {
    // storage unavailable or full: nothing to remember it with
  }
}

export function removeStorage(key: string, store: 'local' | 'session' = 'local'): void {
  try {
    (store === 'local' ? localStorage : sessionStorage).removeItem(key);
  } catch {
    // storage unavailable
  }
}
