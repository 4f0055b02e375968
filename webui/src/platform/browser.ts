// The few browser navigations stores perform, behind one object so tests can observe them.

export const browser = {
  /** Leaves the app for another address (a social provider's authorization page). */
  assign(url: string): void {
    window.location.assign(url);
  },

  /** The current path with its query, to come back to after leaving the app. */
  currentPath(): string {
    return window.location.pathname + window.location.search;
  },
};
