// SPEC §2 and §9: a like count with thousands separators and no decimals, then "like", or "likes"
// when above 1 (so 0 reads "0 like", as the spec's rule says).
import { useTranslation } from 'react-i18next';

export function formatLikeCount(count: number, language: string | undefined): string {
  try {
    return new Intl.NumberFormat(language || 'en', { maximumFractionDigits: 0 }).format(count);
  } catch {
    // An unknown language tag (i18next's 'cimode', a stored oddity) must not break the screen.
    return new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(count);
  }
}

export const likeCountKey = (count: number): 'likes.one' | 'likes.many' => (count > 1 ? 'likes.many' : 'likes.one');

/** "1 like", "1,234 likes" in the current language. */
export function useLikeCountText(): (count: number) => string {
  const { t, i18n } = useTranslation();
  // A string count keeps i18next's own plural rules out of it: the spec's rule is "above 1".
  return (count) => t(likeCountKey(count), { count: formatLikeCount(count, i18n.language) as unknown as number });
}
