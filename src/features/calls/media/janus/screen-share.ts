// A shared screen: a second publisher of the same member, joined with the screen feed id the server gave
// it (publishing.ts joins and publishes it), video only, one layer. It ends when the user stops it here
// or in the browser's own "Stop sharing" bar, or with the session.
import { PLUGIN, type JanusCallContext } from './janus-context.ts';
import type { JanusHandle } from './janus-connection.ts';
import { asId, displayOf } from './feeds.ts';
import type { Publishing } from './publishing.ts';

export interface ScreenShare {
  share(on: boolean): Promise<void>;
  /** The session is gone: the screen's connection and capture with it. */
  close(): void;
}

interface Sharing {
  handle: JanusHandle;
  pc: RTCPeerConnection;
  feedId: number | undefined;
  stream: MediaStream;
}

export function createScreenShare(ctx: JanusCallContext, publishing: Pick<Publishing, 'joinAsPublisher' | 'publish'>): ScreenShare {
  const state = { sharing: undefined as Sharing | undefined };

  const forget = (sharing: Sharing) => {
    state.sharing = undefined;
    if (sharing.feedId !== undefined) ctx.ownFeeds.delete(sharing.feedId);
  };

  async function share(on: boolean): Promise<void> {
    if (!on) {
      const sharing = state.sharing;
      if (!sharing) return;
      forget(sharing);
      sharing.handle.request({ request: 'leave' }).catch(() => undefined);
      sharing.pc.close();
      sharing.handle.detach();
      for (const track of sharing.stream.getTracks()) track.stop();
      ctx.media.set({ screen: undefined });
      return;
    }
    if (state.sharing) return;
    const session = ctx.session;
    const mediaDevices = ctx.devices();
    if (!session || !mediaDevices?.getDisplayMedia) throw new Error('call media: not in a call that carries a screen');
    const current = ctx.attempt;
    const stream = await mediaDevices.getDisplayMedia({ video: true, audio: false });
    const video = stream.getVideoTracks()[0];
    const stop = () => stream.getTracks().forEach((track) => track.stop());
    if (!video || current !== ctx.attempt || ctx.session !== session) {
      stop();
      return;
    }
    if (ctx.server.screenFeedId === undefined) {
      stop();
      throw new Error('call media: the server gave no screen feed for this member');
    }
    const handle = await session.attach(PLUGIN);
    try {
      const display = displayOf({});
      const joined = await publishing.joinAsPublisher(handle, 'screen', display, current);
      const pc = await publishing.publish(handle, { video, simulcast: false, withAudio: false }, display);
      if (current !== ctx.attempt) {
        pc.close();
        stop();
        return;
      }
      const feedId = asId(joined.data.id);
      state.sharing = { handle, pc, feedId, stream };
      if (feedId !== undefined) ctx.ownFeeds.add(feedId);
      // The browser's own "Stop sharing" ends the track.
      video.addEventListener('ended', () => void share(false));
      ctx.media.set({ screen: stream });
    } catch (error) {
      handle.detach();
      stop();
      throw error;
    }
  }

  return {
    share,
    close() {
      const sharing = state.sharing;
      if (!sharing) return;
      forget(sharing);
      sharing.pc.close();
      for (const track of sharing.stream.getTracks()) track.stop();
    },
  };
}
