// The QR feature's face: the one module of it src/app imports (lint), and what loads when.

// On their routes: the scanner screens.
export { qrRoutes } from './routes.ts';
/** On the tap of Home's My QR: the employee's own QR code (and the library that draws it). */
export const loadMyQrModal = () => import('./my-qr-modal.tsx').then((module) => ({ default: module.MyQrModal }));
