// Home's feed: the feed's segments with the forum as its last one (two features, composed here). The
// forum's code loads when its segment is chosen: Home opens on Company-wide.
import { useEffect } from 'react';
import { FeedSection } from '../../features/feed/index.ts';
import * as forum from '../../features/forum/index.ts';
import { lazyComponent } from '../../shared/loading/lazy-component.tsx';
import { afterFirstContent } from '../../shared/scheduling/after-first-content.ts';

const ForumList = lazyComponent(forum.loadForumList);

export function HomeFeed() {
  // Fetched once the feed has shown, so choosing Forum rarely waits.
  useEffect(() => afterFirstContent(() => void ForumList.preload().catch(() => undefined)), []);
  return <FeedSection forum={<ForumList />} />;
}
