// The calls feature's face: the one module of it src/app imports (lint), and what loads when.
// Static exports load with the app's entry; each screen loads on its route.

// On their routes: the Call tab, starting a call, the call itself, its attendees.
export { callRoutes } from './routes.ts';
/** While signed in, once the first screen shows: the call registry, which realtime hands every call event to. */
export const loadCallsPort = () => import('./registry/calls-port.ts');
