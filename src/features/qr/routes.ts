// The QR feature's native screens (SPEC §2: employee-qr-scan, qr-location-checkin), loaded on the first
// visit of either (one chunk: qr-screens.ts); the scanner's WebAssembly reader loads later still, only
// where the browser has no BarcodeDetector.
import type { FeatureRoutes } from '../../shared/routes/app-routes.ts';

const screens = () => import('./qr-screens.ts');

export const qrRoutes = {
  'employee-qr-scan': () => screens().then((module) => ({ default: module.EmployeeQrScanScreen })),
  'qr-location-checkin': () => screens().then((module) => ({ default: module.QrLocationCheckInScreen })),
} satisfies FeatureRoutes;
