export const apiBaseUrl: string = import.meta.env.VITE_API_BASE ?? '/api';
