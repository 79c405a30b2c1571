// Web Push in the service worker (SPEC §2, §9), loaded into the generated worker through
// vite-plugin-pwa's `workbox.importScripts` (vite.config.ts). Plain JS: it runs as it is, no build step.
// - push: every push shows a notification, also while a window of the app is focused (SPEC §9), and a
//   payload that is not JSON or has no title still shows a generic one (browsers penalise silent pushes).
// - notificationclick: the app opens the page. This worker never navigates and never opens an
//   off-origin URL: it hands target_page and nav_params to a window of the app (or to a new one, in the
//   `notification` query parameter), where src/features/notifications/push/ validates them (safe-path).
// The payload (asyncapi/asyncapi.yaml, WebPushNotification) is OneSignal-compatible:
// { title, body | alert, icon?, badge?, tag?, require_interaction?, renotify?, data: { target_page?,
// nav_params? } } or the additional data in OneSignal's `custom.a`.
/* global self, URL */
'use strict';

(function setUpWebPush(worker) {
  const GENERIC_TITLE = 'ESS Workplace';
  const DEFAULT_ICON = '/icons/pwa-192x192.png';
  const OPEN_MESSAGE = 'notification-open';

  // Bidirectional controls would reorder a sender's name or a file name on screen ("invoice\u202Egnp.exe"
  // reads "invoiceexe.png"): removed, the same set as src/shared/format/display-text.ts.
  const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
  const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
  const text = (value) => {
    const shown = typeof value === 'string' ? value.replace(BIDI_CONTROLS, '') : '';
    return shown.trim() !== '' ? shown : undefined;
  };

  function readJson(data) {
    if (!data) return undefined;
    try {
      return data.json();
    } catch {
      return undefined;
    }
  }

  /** The notification to show for a push message's data (a PushMessageData, or nothing). */
  function notificationFor(data) {
    const payload = readJson(data);
    const title = isObject(payload) ? text(payload.title) : undefined;
    if (!title) return { title: GENERIC_TITLE, options: { icon: DEFAULT_ICON, data: {} } };
    const custom = isObject(payload.custom) && isObject(payload.custom.a) ? payload.custom.a : {};
    const extra = isObject(payload.data) ? payload.data : custom;
    const target = {};
    if (typeof extra.target_page === 'string') target.target_page = extra.target_page;
    if (isObject(extra.nav_params)) target.nav_params = extra.nav_params;
    const options = { body: text(payload.body) ?? text(payload.alert) ?? '', icon: text(payload.icon) ?? DEFAULT_ICON, data: target };
    if (text(payload.badge)) options.badge = payload.badge;
    if (text(payload.tag)) options.tag = payload.tag;
    // An urgent chat's message and its reminders (x-inferred, issue 24): it stays until acted on, and a
    // reminder replacing the room's notification (same tag) sounds again. renotify needs a tag.
    if (payload.require_interaction === true) options.requireInteraction = true;
    if (payload.renotify === true && options.tag) options.renotify = true;
    return { title, options };
  }

  /** A window of the app: the focused one, else a visible one, else any. */
  function pickWindow(windows) {
    return windows.find((client) => client.focused) ?? windows.find((client) => client.visibilityState === 'visible') ?? windows[0];
  }

  async function openTarget(target) {
    const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const client = pickWindow(windows.filter((candidate) => new URL(candidate.url).origin === worker.location.origin));
    if (client) {
      client.postMessage({ type: OPEN_MESSAGE, target_page: target.target_page, nav_params: target.nav_params });
      // Focusing needs the click's user activation; without it the message has still been delivered.
      await client.focus().catch(() => undefined);
      return;
    }
    const handOver = JSON.stringify({ target_page: target.target_page, nav_params: target.nav_params });
    await worker.clients.openWindow(`/?notification=${encodeURIComponent(handOver)}`);
  }

  /** waitUntil refuses an event the worker dispatched itself (the browser tests do): the work still runs. */
  function keepAlive(event, work) {
    try {
      event.waitUntil(work);
    } catch {
      // not a browser event
    }
  }

  worker.addEventListener('push', (event) => {
    const { title, options } = notificationFor(event.data);
    keepAlive(event, worker.registration.showNotification(title, options));
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = isObject(event.notification.data) ? event.notification.data : {};
    keepAlive(event, openTarget({ target_page: data.target_page, nav_params: data.nav_params }));
  });
})(self);
