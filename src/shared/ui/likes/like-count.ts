// SPEC §2 and §9: a like count with thousands separators and no decimals, then "like", or "likes"
// when above 1 (so 0 reads "0 like", as the spec's rule says).
import { formatCount } from '../../format/formatters.ts';
import { useTranslation } from '../../i18n/react.tsx';

export const likeCountKey = (count: number): 'likes.one' | 'likes.many' => (count > 1 ? 'likes.many' : 'likes.one');

/** "1 like", "1,234 likes" in the current language. */
export function useLikeCountText(): (count: number) => string {
  const { t, i18n } = useTranslation();
  // A text count is only interpolated, never a plural form: the spec's rule is "above 1" (likeCountKey).
  return (count) => t(likeCountKey(count), { count: formatCount(count, i18n.language) });
}
