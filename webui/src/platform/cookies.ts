/** Reads a cookie of the current document, or null. */
export function getCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Sets a site-wide cookie that lasts maxAgeDays. */
export function setCookie(name: string, value: string, maxAgeDays: number): void {
  const maxAge = Math.round(maxAgeDays * 86400);
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; samesite=lax`;
}

/** Deletes a site-wide cookie. */
export function removeCookie(name: string): void {
  document.cookie = `${name}=; max-age=0; path=/; samesite=lax`;
}
