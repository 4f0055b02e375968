// Runs in <head> before the first paint (build.mjs inlines it into index.html),
// so a dark preference never flashes light. ColorModeStore takes over afterwards
// with the same storage key and rules.
(function () {
  try {
    var preference = localStorage.getItem('nuxt-color-mode');
    if (preference !== 'light' && preference !== 'dark' && preference !== 'system') preference = 'system';
    var value = preference;
    if (preference === 'system') {
      value = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    var root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(value);
    root.style.colorScheme = value;
  } catch (e) {
    // Storage can be blocked; the store applies the system mode after start.
  }
})();
