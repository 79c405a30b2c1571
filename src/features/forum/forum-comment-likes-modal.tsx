// The forum comment likes modal (SPEC §2): the same view and behaviour as the feed's, on
// GET /ess/Forum/comment-likes/{comment_id}.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ForumComment } from '../../../generated/http/types.gen.ts';
import { LikesModal } from '../../shared/ui/likes/likes-modal.tsx';
import { forumCommentLikesQuery, setForumCommentLikesCount } from './api.ts';

export interface ForumCommentLikesModalProps {
  comment: Pick<ForumComment, 'id' | 'likes_count'>;
  onClose(): void;
}

export function ForumCommentLikesModal({ comment, onClose }: ForumCommentLikesModalProps) {
  const queryClient = useQueryClient();
  const { queryKey, load } = useMemo(() => forumCommentLikesQuery(comment.id), [comment.id]);
  return (
    <LikesModal
      initialCount={comment.likes_count}
      queryKey={queryKey}
      load={load}
      onLoaded={(likes) => setForumCommentLikesCount(queryClient, comment.id, likes.length)}
      onClose={onClose}
    />
  );
}
