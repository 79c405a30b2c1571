// The updates feature's face: the one module of it src/app imports (lint), and what loads when.

/** In a browser, once the first screen shows: the offline banner and the update prompt (service worker). */
export const loadPwaChrome = () => import('./pwa-chrome.tsx').then((module) => ({ default: module.PwaChrome }));
/**
 * Inside the Android and iOS shells, at start: status bar, back button and over-the-air updates. Only a
 * build for the shells (`vite build --mode native`) has it: the web build leaves its code and its
 * loader out of the start.
 */
export const loadNativeChrome =
  import.meta.env.MODE === 'native' ? () => import('./native/native-chrome.tsx').then((module) => ({ default: module.NativeChrome })) : undefined;
