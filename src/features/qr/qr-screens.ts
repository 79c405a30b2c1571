// The two QR screens in one chunk: they share the scanner and the API module, and one chunk is fewer
// names in the start's preload list (the entry, counted in Home's budget) than a chunk each.
export { EmployeeQrScanScreen } from './employee-qr-scan-screen.tsx';
export { QrLocationCheckInScreen } from './qr-location-checkin-screen.tsx';
