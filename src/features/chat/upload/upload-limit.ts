// The upload limit (VITE_UPLOAD_MAX_BYTES, src/api/config.ts): a file above it is refused where it is
// picked, before any byte is sent, instead of travelling in full to be answered 413.
import { config } from '../../../api/config.ts';

/** The largest file that may be uploaded, in bytes. */
export const uploadLimit = (): number => config.uploadMaxBytes;

/** The files above the upload limit (none: every file may go). */
export function filesOverLimit(files: readonly File[]): File[] {
  return files.filter((file) => file.size > config.uploadMaxBytes);
}
