// Home's feed: the feed's segments with the forum as its last one (two features, composed here).
import { FeedSection } from '../../features/feed/feed-section.tsx';
import { ForumList } from '../../features/forum/forum-list.tsx';

export function HomeFeed() {
  return <FeedSection forum={<ForumList />} />;
}
