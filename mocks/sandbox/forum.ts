// The forum (GET /ess/Forum/threads) and its comment likes: 15 threads, 5 a page, with comments whose
// like counts the likes call answers exactly. Fixed data, like the feed.
import type { ForumThread as ContractForumThread } from '../../generated/http/types.gen.ts';
import { author, likesOf, person } from './people.ts';
import { errorBody, operation, pageParam, paginate, type SandboxContext, type SandboxResource } from './routes.ts';

export const FORUM_PER_PAGE = 5;

const THREADS: Array<{ by: number; title: string; content: string; replies: Array<[by: number, text: string]> }> = [
  { by: 61, title: 'Car-pooling to the Cikarang site', content: 'Who drives from Bekasi on weekdays?', replies: [[42, 'I do, leaving at 06:30.'], [15, 'Count me in from Tambun.']] },
  { by: 21, title: 'Futsal team looking for players', content: 'We play every Tuesday at 19:00 near the head office. Two more players needed.', replies: [[35, 'Is it mixed?'], [21, 'Yes, everyone is welcome.'], [57, 'I can be the goalkeeper.']] },
  { by: 12, title: 'Best nasi padang near Kuningan?', content: 'New here. Where do you have lunch around the office?', replies: [[16, 'Sederhana on the corner, no contest.']] },
  { by: 29, title: 'Lost: blue tumbler in the 5th-floor pantry', content: 'It has my name on a sticker. Please leave it at the reception.', replies: [] },
  { by: 37, title: 'Bromo trip in December, anyone?', content: 'Planning a weekend trip from Surabaya on 20 December. Six seats left in the van.', replies: [[25, 'How much per person?'], [37, 'About Rp 750.000 including the jeep.']] },
  { by: 26, title: 'Tips for the new expense claim form', content: 'Attach the receipt as a PDF and pick the cost centre first, otherwise the form resets.', replies: [[38, 'Thank you, this saved me an hour.'], [28, 'Does it accept photos of receipts?'], [26, 'Yes, JPG works too.']] },
  { by: 19, title: 'Musholla renovation schedule', content: 'The 3rd-floor musholla is closed for renovation until 6 December. Use the one on the 7th floor.', replies: [[32, 'Noted, thank you Pak.']] },
  { by: 31, title: 'Badminton every Thursday', content: 'GOR Cempaka, 18:30 to 20:30. Shuttlecocks provided.', replies: [[22, 'Can beginners join?'], [31, 'Of course!']] },
  { by: 34, title: 'Selling: baby stroller, barely used', content: 'Pick-up in Depok. Message me for photos.', replies: [] },
  { by: 13, title: 'Which parking gate opens earliest?', content: 'I arrive before 06:00 and the east gate is always closed.', replies: [[19, 'The north gate opens at 05:30.']] },
  { by: 36, title: 'English conversation class: interest check', content: 'HC can organise an online class twice a week if at least ten people join.', replies: [[12, 'Interested!'], [20, 'Me too, evenings please.'], [39, 'Count me in.']] },
  { by: 39, title: 'Printer on the 3rd floor keeps jamming', content: 'Has anyone reported it to GA already?', replies: [[29, 'Reported this morning, technician comes at 14:00.']] },
  { by: 35, title: 'Favourite productivity apps?', content: 'Share the apps that help you most at work.', replies: [[21, 'A simple to-do list and calendar blocks.'], [13, 'Keyboard shortcuts, honestly.']] },
  { by: 28, title: 'Motorcycle parking full again', content: 'Maybe we can stagger arrival times per floor?', replies: [] },
  { by: 16, title: 'Arisan for the Finance floor', content: 'Monthly, Rp 200.000, draw on payday. Who wants to join?', replies: [[38, 'Yes please.'], [61, 'Ikut!']] },
];

export interface ForumComment {
  id: number;
  thread_id: number;
  comment: string;
  likes_count: number;
  authorId: number;
  created_at: string;
}

export interface ForumThread {
  id: number;
  title: string;
  content: string;
  authorId: number;
  created_at: string;
  comments: ForumComment[];
}

const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

export const FORUM_THREADS: readonly ForumThread[] = THREADS.map((seed, index) => {
  const id = 31 + index;
  const posted = Date.parse('2026-11-19T06:00:00Z') - index * 19 * 3_600_000;
  return {
    id,
    title: seed.title,
    content: seed.content,
    authorId: seed.by,
    created_at: iso(posted),
    comments: seed.replies.map(([by, text], n) => ({
      id: id * 10 + n + 1,
      thread_id: id,
      comment: text,
      likes_count: index === 0 && n === 0 ? 1 : (id * 11 + n * 7) % 19,
      authorId: by,
      created_at: iso(posted + (n + 1) * 45 * 60_000),
    })),
  };
});

function thread(context: SandboxContext, item: ForumThread): ContractForumThread {
  return {
    id: item.id,
    title: item.title,
    content: item.content,
    user: author(context, item.authorId),
    comments: item.comments.map((comment) => ({
      id: comment.id,
      thread_id: comment.thread_id,
      comment: comment.comment,
      likes_count: comment.likes_count,
      user: author(context, comment.authorId),
      created_at: comment.created_at,
    })),
    created_at: item.created_at,
  };
}

export function createForumResource(): SandboxResource {
  for (const item of FORUM_THREADS) [item.authorId, ...item.comments.map((c) => c.authorId)].forEach(person);
  const comments = new Map(FORUM_THREADS.flatMap((item) => item.comments.map((comment) => [comment.id, comment] as const)));
  return {
    name: 'forum',
    routes: [
      operation('GET', '/ess/Forum/threads', 'getForumThreads', (context) => {
        const { data, meta } = paginate(FORUM_THREADS, pageParam(context.query), FORUM_PER_PAGE);
        return context.ok({ data: data.map((item) => thread(context, item)), meta });
      }),
      operation('GET', '/ess/Forum/comment-likes/:comment_id', 'getForumCommentLikes', (context) => {
        const comment = comments.get(Number(context.params.comment_id));
        // An error in a 200 body, as the backend sends it.
        if (!comment) return { json: errorBody(404, 'This comment has been removed.') };
        return context.ok({ likes: likesOf(context, comment.id, comment.likes_count, comment.authorId) });
      }),
    ],
  };
}
