// The feed comment likes modal (SPEC §2): the shared likes view on the endpoint the announcement's
// group type picks; the loaded list's length becomes the comment's likes_count in the feed.
import { useQueryClient } from '@tanstack/react-query';
import { LikesModal } from '../../shared/ui/likes/likes-modal.tsx';
import { setFeedCommentLikesCount, type Announcement, type Comment } from './api/feed.ts';
import { useCommentLikes } from './api/likes.ts';

export interface CommentLikesModalProps {
  announcement: Pick<Announcement, 'id' | 'group_type'>;
  comment: Pick<Comment, 'id' | 'likes_count'>;
  onClose(): void;
}

export function CommentLikesModal({ announcement, comment, onClose }: CommentLikesModalProps) {
  const queryClient = useQueryClient();
  const query = useCommentLikes(announcement.group_type, announcement.id, comment.id);
  return (
    <LikesModal
      initialCount={comment.likes_count}
      query={query}
      onLoaded={(likes) => setFeedCommentLikesCount(queryClient, announcement.id, comment.id, likes.length)}
      onClose={onClose}
    />
  );
}
