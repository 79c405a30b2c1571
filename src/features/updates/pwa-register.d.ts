// Types of the plugin's virtual modules (`virtual:pwa-register`), imported lazily by register-service-worker.ts.
/// <reference types="vite-plugin-pwa/client" />
