// The permissions feature's face: the one module of it src/app imports (lint), and what loads when.

// At start: forgetting the permission list at logout (SPEC §6).
export { resetPermissions } from './reset-permissions.ts';
/** While signed in, once the first screen shows: the permission list's query (SPEC §6). */
export const loadPermissionsApi = () => import('./api.ts');
