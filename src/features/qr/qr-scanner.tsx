// The scanner both QR screens use: the camera (opened when the screen opens, which is a read: nothing is
// sent anywhere), a viewfinder, a torch where the camera has one, and "Scan from photo" for devices
// without a camera or a code in a screenshot. The camera stops as soon as a code is read and whenever
// the scanner leaves the screen. Each way the camera can be unavailable is explained, as calls do.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { Button, buttonClass, IconButton } from '../../shared/ui/button.tsx';
import { CameraIcon, CameraOffIcon, PhotoIcon, RetryIcon, TorchIcon, TorchOffIcon } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { CameraUnavailable, openScannerCamera, setTorch, stopStream, torchSupported, type CameraProblem } from './camera.ts';
import { photoSource } from './qr-decoder.ts';
import styles from './qr.module.css';
import { useQrDecoder } from './use-qr-decoder.ts';

type CameraState = { phase: 'starting' } | { phase: 'scanning' } | { phase: 'problem'; problem: CameraProblem | 'reader' };

/** How often a camera frame is read: often enough to feel instant, rarely enough to spare a phone's battery. */
const SCAN_INTERVAL_MS = 200;

const PROBLEM_KEYS: Record<CameraProblem | 'reader', { title: string; text: string }> = {
  refused: { title: 'qr.scanner.refusedTitle', text: 'qr.scanner.refused' },
  'no-camera': { title: 'qr.scanner.noCameraTitle', text: 'qr.scanner.noCamera' },
  'in-use': { title: 'qr.scanner.failedTitle', text: 'qr.scanner.inUse' },
  unsupported: { title: 'qr.scanner.unsupportedTitle', text: 'qr.scanner.unsupported' },
  failed: { title: 'qr.scanner.failedTitle', text: 'qr.scanner.failed' },
  reader: { title: 'qr.scanner.unsupportedTitle', text: 'qr.scanner.readerFailed' },
};

export interface QrScannerProps {
  /** A code was read (from the camera or a photo); the camera has already stopped. */
  onResult(text: string): void;
  /** What to point the camera at, shown under the viewfinder. */
  hint: string;
}

export function QrScanner({ onResult, hint }: QrScannerProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | undefined>(undefined);
  const [camera, setCamera] = useState<CameraState>({ phase: 'starting' });
  const [attempt, setAttempt] = useState(0);
  // A page out of sight (another tab, the phone locked) does not keep the camera on; it opens again on return.
  const [pageVisible, setPageVisible] = useState(() => document.visibilityState !== 'hidden');
  const [torch, setTorchState] = useState<{ supported: boolean; on: boolean }>({ supported: false, on: false });
  const [photo, setPhoto] = useState<'idle' | 'reading' | 'none-found' | 'unreadable'>('idle');
  const decoder = useQrDecoder();
  const result = useRef(onResult);
  useLayoutEffect(() => {
    result.current = onResult;
  });

  const finish = useCallback((text: string) => {
    stopStream(stream.current);
    stream.current = undefined;
    result.current(text);
  }, []);

  useEffect(() => {
    const follow = () => {
      const visible = document.visibilityState !== 'hidden';
      if (visible) setCamera({ phase: 'starting' });
      setPageVisible(visible);
    };
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);

  // The camera, and the loop that reads its frames, for as long as the scanner is on screen and in sight.
  useEffect(() => {
    if (!pageVisible) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scan = async () => {
      const element = video.current;
      if (stopped || !element) return;
      try {
        const reader = await decoder();
        if (!stopped && element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          const text = await reader.decode({ image: element, width: element.videoWidth, height: element.videoHeight });
          if (text && !stopped) {
            stopped = true;
            finish(text);
            return;
          }
        }
      } catch {
        if (!stopped) setCamera({ phase: 'problem', problem: 'reader' });
        return;
      }
      if (!stopped) timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS);
    };
    openScannerCamera().then(
      async (opened) => {
        if (stopped) return stopStream(opened);
        stream.current = opened;
        const track = opened.getVideoTracks()[0];
        setTorchState({ supported: torchSupported(track), on: false });
        const element = video.current;
        if (element) {
          element.srcObject = opened;
          await element.play().catch(() => undefined);
        }
        setCamera({ phase: 'scanning' });
        void scan();
      },
      (error: unknown) => {
        if (!stopped) setCamera({ phase: 'problem', problem: error instanceof CameraUnavailable ? error.problem : 'failed' });
      },
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopStream(stream.current);
      stream.current = undefined;
    };
  }, [attempt, decoder, finish, pageVisible]);

  const tryAgain = () => {
    setCamera({ phase: 'starting' });
    setAttempt((count) => count + 1);
  };

  const toggleTorch = () => {
    const track = stream.current?.getVideoTracks()[0];
    if (!track) return;
    const on = !torch.on;
    setTorch(track, on).then(
      () => setTorchState({ supported: true, on }),
      () => setTorchState({ supported: false, on: false }),
    );
  };

  const readPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    setPhoto('reading');
    try {
      const [reader, image] = await Promise.all([decoder(), photoSource(file)]);
      try {
        const text = await reader.decode(image);
        if (text) {
          setPhoto('idle');
          finish(text);
        } else setPhoto('none-found');
      } finally {
        image.close();
      }
    } catch {
      setPhoto('unreadable');
    }
  };

  const problem = camera.phase === 'problem' ? PROBLEM_KEYS[camera.problem] : undefined;

  return (
    <div className={styles.scanner}>
      <div className={styles.viewport} data-testid="qr-viewport" data-phase={camera.phase}>
        {/* The live picture is decorative for assistive technology: the hint and the states say what happens. */}
        <video ref={video} className={styles.video} muted playsInline aria-hidden="true" hidden={camera.phase !== 'scanning'} />
        {camera.phase === 'scanning' && <span className={styles.viewfinder} aria-hidden="true" />}
        {camera.phase === 'starting' && (
          <div className={styles.overlay} role="status">
            <Spinner />
            <p>{t('qr.scanner.starting')}</p>
          </div>
        )}
        {problem && (
          <div className={styles.overlay} role="alert" data-testid="camera-problem">
            <CameraOffIcon size={32} aria-hidden="true" />
            <p className={styles.problemTitle}>{t(problem.title)}</p>
            <p className={styles.problemText}>{t(problem.text)}</p>
            {camera.phase === 'problem' && camera.problem !== 'unsupported' && (
              <Button variant="secondary" icon={camera.problem === 'reader' ? RetryIcon : CameraIcon} onClick={tryAgain}>
                {t('qr.scanner.tryAgain')}
              </Button>
            )}
          </div>
        )}
      </div>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <div className={styles.controls}>
        {torch.supported && camera.phase === 'scanning' && (
          <IconButton
            icon={torch.on ? TorchOffIcon : TorchIcon}
            label={torch.on ? t('qr.scanner.torchOff') : t('qr.scanner.torchOn')}
            pressed={torch.on}
            variant="secondary"
            showLabel
            onClick={toggleTorch}
          />
        )}
        <label className={`${buttonClass({ variant: 'secondary' })} ${styles.photoButton}`}>
          <input type="file" accept="image/*" className={styles.fileInput} aria-describedby={hintId} onChange={(event) => void readPhoto(event)} disabled={photo === 'reading'} />
          <PhotoIcon size={20} aria-hidden="true" />
          <span>{photo === 'reading' ? t('qr.scanner.readingPhoto') : t('qr.scanner.fromPhoto')}</span>
        </label>
      </div>
      {(photo === 'none-found' || photo === 'unreadable') && (
        <p className={styles.photoProblem} role="alert">
          {photo === 'none-found' ? t('qr.scanner.noCodeInPhoto') : t('qr.scanner.photoUnreadable')}
        </p>
      )}
    </div>
  );
}
