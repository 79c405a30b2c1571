// The two Chromiums of the browser tests, each launched with one list of arguments, so that every spec
// asking for the same browser shares Playwright's workers (a spec whose launch options differ at all gets
// workers of its own, and each new worker starts a browser and signs in again).
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH, TEST_HEADLESS_SHELL_PATH } from '../../support/chromium.ts';
import { fakeMediaFlags } from '../../support/fake-camera.ts';

/**
 * Chromium's fake camera and microphone (a still picture, permission prompts answered by the context's
 * permissions), no sound out, and real addresses in WebRTC's ICE candidates (not mDNS names), which
 * Janus can reach. Harmless to the specs that never call.
 */
const BROWSER_TEST_ARGS = [...CHROMIUM_FLAGS, ...fakeMediaFlags(), '--disable-audio-output', '--disable-features=WebRtcHideLocalIpsWithMdns'];

/** Debian's chromium-headless-shell: most specs, calls included (its fake devices and WebRTC are the full browser's). */
export const HEADLESS_SHELL = { executablePath: TEST_HEADLESS_SHELL_PATH, args: BROWSER_TEST_ARGS };

/** Debian's full Chromium: for notifications (push) and the PDF viewer, which the headless shell lacks. */
export const FULL_BROWSER = { executablePath: TEST_CHROMIUM_PATH, args: BROWSER_TEST_ARGS };
