/** Orderings of lists of entries with 64-bit ids (decimal strings). */

/** Orders entries oldest first (ids break ties: they grow with time). */
export function byCreation(a: { createdAt: number; id: string }, b: { createdAt: number; id: string }): number {
  return a.createdAt - b.createdAt || compareIds(a.id, b.id);
}

/** Compares two decimal id strings numerically (they are 64-bit). */
export function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
