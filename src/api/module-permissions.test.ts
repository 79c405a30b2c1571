import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MODULE_PERMISSIONS, moduleFeatures, parseModulePermissions } from './module-permissions.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('VITE_MODULE_PERMISSIONS', () => {
  it('defaults to the modules of SPEC §2 that need the camera, microphone or location', () => {
    expect(parseModulePermissions(undefined)).toEqual({
      'online-meetings': ['camera', 'microphone'],
      'pick-work-location': ['geolocation'],
    });
    expect(parseModulePermissions(DEFAULT_MODULE_PERMISSIONS)).toEqual(parseModulePermissions(undefined));
  });

  it('delegates nothing by default to the QR routes, which the app now serves itself (issue 24)', () => {
    const defaults = parseModulePermissions(undefined);
    expect(moduleFeatures(defaults, 'employee-qr-scan')).toEqual([]);
    expect(moduleFeatures(defaults, 'qr-location-checkin')).toEqual([]);
  });

  it('reads route:feature,feature;route:feature, and an empty value grants nothing', () => {
    expect(parseModulePermissions(' faq : Microphone ; /helpdesk:geolocation,camera ;')).toEqual({ faq: ['microphone'], helpdesk: ['camera', 'geolocation'] });
    expect(parseModulePermissions('')).toEqual({});
  });

  it('leaves out what it cannot read, so a mistake never grants more than was written', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseModulePermissions('faq:camera,usb,*;helpdesk;:camera;*:camera;:id:camera;online-meetings')).toEqual({ faq: ['camera'] });
    expect(warn).toHaveBeenCalledTimes(7);
  });

  it('gives a module only what is listed for its route (a :parameter matches any value)', () => {
    const permissions = parseModulePermissions('online-meetings:camera,microphone;chat/chat-detail/video-call/:chat_room_call_id:camera');
    expect(moduleFeatures(permissions, 'online-meetings')).toEqual(['camera', 'microphone']);
    expect(moduleFeatures(permissions, '/online-meetings/')).toEqual(['camera', 'microphone']);
    expect(moduleFeatures(permissions, 'chat/chat-detail/video-call/77')).toEqual(['camera']);
    expect(moduleFeatures(permissions, 'online-meetings/elsewhere')).toEqual([]);
    expect(moduleFeatures(permissions, 'faq')).toEqual([]);
  });
});
