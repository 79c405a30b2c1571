// What the native shells add around the screens, in place of the PWA's service-worker chrome: the
// offline banner, and the update dialog of SPEC §9 whenever the update client asks. Mounting it starts
// the shell; the app having rendered is what confirms a freshly installed bundle works.
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { afterFirstContent } from '../../../shared/scheduling/after-first-content.ts';
import { OfflineBanner } from '../offline-banner.tsx';
import type { UpdatePackage } from '../ota/update-package.ts';
import { UpdatePrompt } from '../update-prompt.tsx';
import { DIALOG_BACK_PRIORITY } from './back-button.ts';
import { startNativeShell, type NativeShell } from './native-shell.ts';

interface PendingQuestion {
  update: UpdatePackage;
  answer(install: boolean): void;
}

export interface NativeChromeProps {
  /** The shell to drive; tests pass one on the web device and the local update server. */
  start?: () => Promise<NativeShell>;
}

export function NativeChrome({ start = startNativeShell }: NativeChromeProps) {
  const [shell, setShell] = useState<NativeShell>();
  const [question, setQuestion] = useState<PendingQuestion>();

  useEffect(() => {
    let cancelled = false;
    let cancelSync = () => undefined as void;
    let started: NativeShell | undefined;
    void start().then(async (running) => {
      if (cancelled) return;
      started = running;
      running.setUpdateDialog((update) => new Promise<boolean>((resolve) => setQuestion({ update, answer: resolve })));
      setShell(running);
      await running.updater.notifyAppReady();
      // The first check waits for the first screen's content, like every other non-critical start task.
      if (!cancelled) cancelSync = afterFirstContent(() => void running.updater.sync());
    });
    return () => {
      cancelled = true;
      cancelSync();
      started?.setUpdateDialog(undefined);
    };
  }, [start]);

  const answer = useCallback(
    (install: boolean) => {
      setQuestion(undefined);
      question?.answer(install);
    },
    [question],
  );

  // While the dialog is open back means Ignore; a mandatory update cannot be dismissed at all. Registered
  // as the dialog is put on screen (a layout effect), not after the next paint: a press the moment it
  // shows is already the dialog's.
  useLayoutEffect(() => {
    if (!shell || !question) return undefined;
    return shell.backButton.register(DIALOG_BACK_PRIORITY, () => {
      if (!question.update.isMandatory) answer(false);
    });
  }, [shell, question, answer]);

  return (
    <>
      <OfflineBanner />
      {question ? (
        <UpdatePrompt
          mandatory={question.update.isMandatory}
          description={question.update.description || undefined}
          onInstall={() => answer(true)}
          onIgnore={() => answer(false)}
        />
      ) : null}
    </>
  );
}
