// Run before every unit and component test file (vitest.config.ts setupFiles). In a DOM environment,
// Testing Library's waits (findBy…, waitFor) wait on state for up to 5 s instead of its default 1 s:
// a wait ends as soon as the screen shows what it waits for, and on a loaded 2-core machine a screen's
// first answer and render can take longer than a second.
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5000 });
}
