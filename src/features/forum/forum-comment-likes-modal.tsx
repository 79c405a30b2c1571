// The forum comment likes modal (SPEC §2): the same view and behaviour as the feed's, on
// GET /ess/Forum/comment-likes/{comment_id}.
import { useQueryClient } from '@tanstack/react-query';
import { LikesModal } from '../../shared/ui/likes/likes-modal.tsx';
import { setForumCommentLikesCount, useForumCommentLikes, type ForumComment } from './api.ts';

export interface ForumCommentLikesModalProps {
  comment: Pick<ForumComment, 'id' | 'likes_count'>;
  onClose(): void;
}

export function ForumCommentLikesModal({ comment, onClose }: ForumCommentLikesModalProps) {
  const queryClient = useQueryClient();
  const query = useForumCommentLikes(comment.id);
  return (
    <LikesModal
      initialCount={comment.likes_count}
      query={query}
      onLoaded={(likes) => setForumCommentLikesCount(queryClient, comment.id, likes.length)}
      onClose={onClose}
    />
  );
}
