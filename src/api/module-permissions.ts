// Which web modules may use the camera, the microphone or the device's location
// (VITE_MODULE_PERMISSIONS). A module's frame is delegated only the features listed for its route;
// every other module gets none of them. Kept free of `import.meta.env` so the production server's
// build step can read the same list for its Permissions-Policy header.

/** The powerful features a module frame may be delegated (its iframe `allow`). */
export const MODULE_FEATURES = ['camera', 'microphone', 'geolocation'] as const;
export type ModuleFeature = (typeof MODULE_FEATURES)[number];

/** Route path (as in SPEC §2, `:name` for a parameter) → the features its module may use. */
export type ModulePermissions = Readonly<Record<string, readonly ModuleFeature[]>>;

/**
 * The modules of SPEC §2 that plausibly need them: online meetings (a video meeting) and picking a
 * work location (where the employee is). The QR scan and the QR location check-in were here too until
 * the app scanned codes itself (src/features/qr, issue 24): no frame opens them now, so none is
 * delegated the camera or the position for them.
 */
export const DEFAULT_MODULE_PERMISSIONS = 'online-meetings:camera,microphone;pick-work-location:geolocation';

// A route as SPEC §2 writes them; a parameter may stand for a later segment, never the first (that would match every module).
const ROUTE = /^[a-z0-9][a-z0-9_-]*(\/:?[a-z0-9][a-z0-9_-]*)*$/i;
const isFeature = (name: string): name is ModuleFeature => (MODULE_FEATURES as readonly string[]).includes(name);

/**
 * Parses `route:feature,feature;route:feature` (e.g. `online-meetings:camera,microphone;pick-work-location:geolocation`).
 * Undefined takes the default; an empty value gives no module any feature. A malformed entry or an
 * unknown feature is reported and left out: a mistake never grants more than was written.
 */
export function parseModulePermissions(raw: string | undefined): ModulePermissions {
  const source = raw ?? DEFAULT_MODULE_PERMISSIONS;
  const permissions: Record<string, ModuleFeature[]> = {};
  for (const entry of source.split(';').map((part) => part.trim()).filter(Boolean)) {
    const [route, features] = splitEntry(entry);
    if (!route || !ROUTE.test(route) || features === undefined) {
      console.warn(`config: VITE_MODULE_PERMISSIONS entry "${entry}" is not route:feature,feature; left out`);
      continue;
    }
    const granted = new Set(permissions[route] ?? []);
    for (const name of features.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean)) {
      if (isFeature(name)) granted.add(name);
      else console.warn(`config: VITE_MODULE_PERMISSIONS: "${name}" is not one of ${MODULE_FEATURES.join(', ')}; left out`);
    }
    permissions[route] = MODULE_FEATURES.filter((feature) => granted.has(feature));
  }
  return permissions;
}

/** `route:features`; a route segment may be a `:parameter`, so the features follow the last ':' (never one that starts a segment). */
function splitEntry(entry: string): [string | undefined, string | undefined] {
  const at = entry.lastIndexOf(':');
  if (at <= 0 || entry[at - 1] === '/') return [undefined, undefined];
  return [entry.slice(0, at).trim().replace(/^\/+/, ''), entry.slice(at + 1)];
}

/** Whether a configured route (`:name` segments match any value) is the module at `path`. */
function routeMatches(route: string, path: string): boolean {
  const pattern = route.split('/');
  const segments = path.replace(/^\/+|\/+$/g, '').split('/');
  return pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]);
}

/** The features the module at `path` (its route path, parameters filled in) may use; none unless listed. */
export function moduleFeatures(permissions: ModulePermissions, path: string): readonly ModuleFeature[] {
  const granted = new Set<ModuleFeature>();
  for (const [route, features] of Object.entries(permissions)) {
    if (routeMatches(route, path)) for (const feature of features) granted.add(feature);
  }
  return MODULE_FEATURES.filter((feature) => granted.has(feature));
}
