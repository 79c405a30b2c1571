// Versions the backend sees on every request (SPEC §9), as the headers of SPEC §7. Free of Vite's
// import.meta.env so Node tools (the contract check) send exactly what the app sends.
export const APP_VERSIONS = { pwa: '2.2.031', android: '2.0.39', ios: '2.0.37' } as const;

export const PLATFORM_HEADERS: Readonly<Record<string, string>> = {
  'app-platforms': 'pwa',
  'pwa-version': APP_VERSIONS.pwa,
  'android-version': APP_VERSIONS.android,
  'ios-version': APP_VERSIONS.ios,
};
