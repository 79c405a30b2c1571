// A page that is one member of a Janus call, with nothing but the app's own client
// (src/features/calls/media/janus): the browser test of the SFU path and `npm run bench -- --only calls`
// load it, so what they measure is the code the call screen runs, without the screens around it.
import { createJanusCallMedia, type JanusServer, type RosterEntry } from '../../src/features/calls/media/janus/janus-call-media.ts';
import type { CallMedia, VisibleVideo } from '../../src/features/calls/media/call-media.ts';

declare global {
  interface Window {
    member?: CallMedia;
    /** The server as the page is given it: the roster as [feed id, owner] pairs (a Map does not cross page.evaluate). */
    joinCall(server: Omit<JanusServer, 'roster'> & { roster: [number, RosterEntry][] }, selfId: string, withVideo: boolean): Promise<void>;
    /** For each remote: whether a video element playing their stream decoded frames. */
    framesFrom(): Promise<Record<string, number>>;
    remoteIds(): string[];
    firstRemoteFrameAt?: number;
    joinStartedAt?: number;
    show(videos: VisibleVideo[]): void;
  }
}

const videos = new Map<string, HTMLVideoElement>();

function render() {
  const state = window.member?.getState();
  if (!state) return;
  for (const remote of state.remotes) {
    let video = videos.get(remote.id);
    if (!video) {
      video = document.createElement('video');
      video.autoplay = true;
      video.muted = true;
      video.playsInline = true;
      video.width = 160;
      video.height = 120;
      video.dataset.id = remote.id;
      document.body.append(video);
      videos.set(remote.id, video);
      const element = video;
      const onFrame = () => {
        if (element.videoWidth > 0 && window.firstRemoteFrameAt === undefined) window.firstRemoteFrameAt = performance.now();
        element.requestVideoFrameCallback(onFrame);
      };
      element.requestVideoFrameCallback(onFrame);
    }
    if (video.srcObject !== (remote.stream ?? null)) video.srcObject = remote.stream ?? null;
  }
  for (const [id, video] of videos) {
    if (!state.remotes.some((remote) => remote.id === id)) {
      video.remove();
      videos.delete(id);
    }
  }
}

window.joinCall = async (server, selfId, withVideo) => {
  window.joinStartedAt = performance.now();
  const member = createJanusCallMedia({ server: { ...server, roster: new Map(server.roster) }, selfId, iceServers: [] });
  window.member = member;
  member.subscribe(render);
  await member.startLocal({ video: withVideo });
  await member.join('unused');
};

window.remoteIds = () => window.member?.getState().remotes.map((remote) => remote.id) ?? [];

window.framesFrom = async () => {
  const frames: Record<string, number> = {};
  for (const [id, video] of videos) {
    const quality = video.getVideoPlaybackQuality();
    frames[id] = video.videoWidth > 0 ? quality.totalVideoFrames : 0;
  }
  return frames;
};

window.show = (list) => window.member?.setVisibleVideos(list);
