// The session feature's face: the one module of it src/app imports (lint), and what loads when.
// Static exports load with the app's entry; the rest are loaders, fetched when the comment says.

// At start: the session controller (SPEC §3), created before the first render.
export { createSessionController } from './session-controller.ts';
// On their routes: login and change password.
export { sessionRoutes } from './routes.ts';
/** While the session starts or ends: its server calls (the SDK and schemas load with them). */
export const loadSessionApi = () => import('./api.ts');
/** After the sign-in or at start when signed in: the device's push registration (SPEC §9). */
export const loadPushRegistration = () => import('./push-registration.ts');
/** Once the first screen shows: this tab's session kept in step with the other tabs of the origin. */
export const loadSessionSync = () => import('./session-sync.ts');
