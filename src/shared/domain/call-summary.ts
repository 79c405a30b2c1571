import type { TFunction } from '../i18n/translator.ts';
// How a finished call reads (issue 23): the line it leaves in its chat room, the chat list's preview of
// that line, and the talk time in the Call tab's history. One wording for all three, in the reader's
// language. The server's summary (`call`, x-inferred: status and duration_seconds) is worded for the
// reader: the caller of a call nobody answered reads "No answer", everyone else "Missed call", as
// WhatsApp words it. Shared because chat (the room, the list) and calls (the history) both show it.

/** The contract's ChatCallSummary, as far as the wording reads it. */
export interface CallSummaryFields {
  status?: string | null;
  duration_seconds?: number | null;
  /** `voice`: started as a voice call (x-inferred); anything else is a video call. */
  call_type?: string | null;
}

/** A talk time: "45 s" under a minute, "12 min", "1 h 5 min" (minutes rounded). */
export function formatCallDuration(t: TFunction, seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return t('callLog.seconds', { count: whole });
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return t('callLog.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? t('callLog.hours', { count: hours }) : t('callLog.hoursMinutes', { hours, minutes: rest });
}

/** Whether a call's line reads as missed for this reader (the danger colour). */
export function isMissedFor(summary: CallSummaryFields | null | undefined, readerIsCaller: boolean): boolean {
  const status = summary?.status;
  return !readerIsCaller && (status === 'missed' || status === 'no_answer');
}

/**
 * The line for one reader. Without a summary (a server that leaves it out) the server's own text, else
 * "Video call"; an unknown status reads "Video call" too.
 */
export function callLineText(t: TFunction, summary: CallSummaryFields | null | undefined, readerIsCaller: boolean, serverText?: string | null): string {
  if (!summary) return serverText?.trim() || t('callLog.videoCall');
  const voice = summary.call_type === 'voice';
  switch (summary.status) {
    case 'missed':
    case 'no_answer':
      return readerIsCaller ? t(voice ? 'callLog.voiceNoAnswer' : 'callLog.noAnswer') : t('callLog.missed');
    case 'declined':
      return t(voice ? 'callLog.voiceDeclined' : 'callLog.declined');
    case 'ended': {
      const seconds = summary.duration_seconds;
      if (typeof seconds === 'number' && Number.isFinite(seconds)) return t(voice ? 'callLog.voiceCallFor' : 'callLog.videoCallFor', { duration: formatCallDuration(t, seconds) });
      return t(voice ? 'callLog.voiceCall' : 'callLog.videoCall');
    }
    default:
      return t(voice ? 'callLog.voiceCall' : 'callLog.videoCall');
  }
}
