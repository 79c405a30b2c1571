// MediaStream and MediaStreamTrack as the call screens read them (jsdom has neither): tracks that
// are live, muted or disabled, with the events useStreamTracks listens to.
export class TestTrack extends EventTarget {
  readonly kind: 'audio' | 'video';
  readyState: MediaStreamTrackState = 'live';
  muted = false;
  enabled = true;
  constructor(kind: 'audio' | 'video') {
    super();
    this.kind = kind;
  }
}

export class TestStream extends EventTarget {
  private readonly tracks: TestTrack[];
  constructor(tracks: TestTrack[] = []) {
    super();
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
}

/** A stream with a live microphone and camera (each can be changed through the returned tracks). */
export const cameraAndMicrophone = () => new TestStream([new TestTrack('audio'), new TestTrack('video')]) as unknown as MediaStream;
