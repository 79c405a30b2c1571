// The web modules feature's face: the one module of it src/app imports (lint), and what loads when.

/** On a route without a native screen: its company web module (SPEC §2). */
export const loadModuleRoute = () => import('./module-route.tsx').then((module) => ({ default: module.ModuleRoute }));
