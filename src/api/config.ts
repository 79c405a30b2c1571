// Versions the backend sees on every request (SPEC §9).
export const APP_VERSIONS = { pwa: '2.2.031', android: '2.0.39', ios: '2.0.37' } as const;

export const apiBaseUrl: string = import.meta.env.VITE_API_BASE ?? '/api';
