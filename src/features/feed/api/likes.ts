// A feed comment's likes, on the endpoint its announcement's group type picks (SPEC §7: company-wide,
// department, and company for anything else).
import { useQuery } from '@tanstack/react-query';
import {
  getCompanyCommentLikesOptions,
  getCompanyWideCommentLikesOptions,
  getDepartmentCommentLikesOptions,
} from '../../../../generated/http/@tanstack/react-query.gen.ts';
import { likesQueryOptions } from '../../../shared/ui/likes/likes-query.ts';

export type LikesEndpoint = 'company_wide' | 'department' | 'company';

export const likesEndpointFor = (groupType: string | null | undefined): LikesEndpoint =>
  groupType === 'company_wide' || groupType === 'department' ? groupType : 'company';

export function commentLikesOptions(groupType: string | null | undefined, announcementId: number, commentId: number) {
  const options = { path: { announcement_id: announcementId, comment_id: commentId } };
  switch (likesEndpointFor(groupType)) {
    case 'company_wide':
      return likesQueryOptions(getCompanyWideCommentLikesOptions(options));
    case 'department':
      return likesQueryOptions(getDepartmentCommentLikesOptions(options));
    case 'company':
      return likesQueryOptions(getCompanyCommentLikesOptions(options));
  }
}

export function useCommentLikes(groupType: string | null | undefined, announcementId: number, commentId: number) {
  return useQuery(commentLikesOptions(groupType, announcementId, commentId));
}
