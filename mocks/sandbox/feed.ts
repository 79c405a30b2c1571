// The feed (GET /ess/feed) and its three comment-likes calls: different announcements per segment
// (company-wide for the whole Maju Bersama group, the user's department, the user's company), each
// 15 announcements long, 5 a page, so infinite scroll shows three pages. Comments carry like counts,
// and the likes calls answer exactly that many likes. Issue 37: employees like posts and comments
// (one like each, idempotent), write comments and delete their own (403 for another's); the state
// lives per sandbox (fresh at every reset) and every change goes to the realtime mock as the
// `feed_counts` event (asyncapi) so the other readers' counts move.
import type { Announcement, Comment, Like } from '../../generated/http/types.gen.ts';
import type { FeedCountsEvent } from '../../generated/realtime/types.gen.ts';
import { userIdFromRequest } from './chat/identity.ts';
import { author, PEOPLE, person, pictureUrl } from './people.ts';
import { errorBody, operation, pageParam, paginate, refuse, type OperationHandler, type SandboxContext, type SandboxResource } from './routes.ts';

export const FEED_PER_PAGE = 5;

export type GroupType = 'company_wide' | 'department' | 'company';

interface PostSeed {
  title: string;
  html: string;
  by: number;
}

const COMPANY_WIDE: PostSeed[] = [
  { by: 7, title: 'Town hall on Friday', html: '<p>Join the <strong>town hall</strong> on Friday at 10:00 in the main hall of Menara Maju Bersama, or follow the live stream.</p>' },
  { by: 18, title: 'Year-end leave: submit by 1 December', html: '<p>Please submit your year-end leave requests in ESS before <strong>1 December</strong> so that every team can plan its roster.</p>' },
  { by: 23, title: 'Safety week (Bulan K3) starts Monday', html: '<p>Fire drills, first-aid refreshers and a safety quiz at every site. Check the schedule with your K3 officer.</p><ul><li>Cikarang DC: Tuesday</li><li>Head office: Wednesday</li><li>Stores: Thursday</li></ul>' },
  { by: 40, title: 'Blood donation with PMI', html: '<p>PMI Jakarta Selatan will be at the lobby on 28 November from 09:00 to 14:00. Bring your KTP and have breakfast first.</p>' },
  { by: 19, title: 'New parking rules at the head office', html: '<p>From 1 December, basement B2 is reserved for motorcycles. Cars park on B3 and B4; visitors on B1.</p>' },
  { by: 7, title: 'Maju Bersama wins Best Employer 2026', html: '<p>We were named one of Indonesia\'s <strong>best employers</strong> for the third year running. Thank you, all of you!</p>' },
  { by: 18, title: 'CSR: flood relief for Bekasi', html: '<p>Donations of clothes, rice and clean water are collected at every site until 5 December. Volunteers can register with Corporate Communications.</p>' },
  { by: 40, title: 'Fun run 5K at GBK', html: '<p>Registration for the family fun run on 14 December is open. Kaos and medals for every finisher.</p>' },
  { by: 23, title: 'Reminder: wear your ID card on site', html: '<p>Security will check ID cards at every entrance of the distribution centres from next week.</p>' },
  { by: 19, title: 'Office closed on 25 and 26 December', html: '<p>The head office will be closed for Christmas. Stores follow their own rosters.</p>' },
  { by: 7, title: 'Welcome to our new Chief Financial Officer', html: '<p>Please welcome <strong>Ibu Lestari Handayani</strong>, who joins us from a leading bank in Jakarta.</p>' },
  { by: 18, title: 'BPJS Kesehatan data update', html: '<p>Please check your family members\' BPJS Kesehatan data in ESS before the end of the month.</p>' },
  { by: 40, title: 'Photo contest: "Kerja Bareng"', html: '<p>Share a photo of your team at work. The three best photos win a weekend in Yogyakarta.</p>' },
  { by: 23, title: 'Ergonomics tips for working at a desk', html: '<p>Raise your screen to eye level, take a short walk every hour and keep your feet flat on the floor.</p>' },
  { by: 19, title: 'New canteen menu at the head office', html: '<p>Nasi campur, soto Betawi and a vegetarian option every day from Monday.</p>' },
];

const DEPARTMENT: PostSeed[] = [
  { by: 14, title: 'Human Capital weekly: priorities', html: '<p>This week: payroll closing on Wednesday, the interview panel on Thursday and the onboarding of six new joiners.</p>' },
  { by: 24, title: 'Payroll closing on the 20th', html: '<p>Please send overtime and allowance changes before <strong>20 November, 17:00</strong>.</p>' },
  { by: 36, title: 'Recruitment: store supervisors in Bandung', html: '<p>We are hiring four store supervisors for the new Bandung outlets. Referrals are welcome.</p>' },
  { by: 44, title: 'Training calendar for December', html: '<ul><li>Interviewing skills: 3 December</li><li>Labour law update: 10 December</li><li>Excel for HR: 17 December</li></ul>' },
  { by: 14, title: 'Welcome Hana to the team', html: '<p>Hana Pertiwi joins us as HR Admin for the Cikarang site. Say hello when you see her!</p>' },
  { by: 24, title: 'New template for employment contracts', html: '<p>Legal has approved the new PKWT template. Use it for every contract from 1 December.</p>' },
  { by: 36, title: 'Team lunch on Friday', html: '<p>Padang restaurant next to the office, 12:00. Let me know if you cannot make it.</p>' },
  { by: 44, title: 'Performance review timeline', html: '<p>Self-assessments open on 1 December and close on 15 December. Calibration follows in January.</p>' },
  { by: 14, title: 'Exit interview summary for Q3', html: '<p>The main reasons were career growth and commuting time. Full slides are in the shared drive.</p>' },
  { by: 24, title: 'Reminder: BPJS Ketenagakerjaan reports', html: '<p>Monthly reports are due on the 10th. Please check the new joiners are registered.</p>' },
  { by: 36, title: 'Job fair at Universitas Indonesia', html: '<p>We will have a booth on 6 December. Volunteers for the booth, please reply in the comments.</p>' },
  { by: 44, title: 'Onboarding kit updated', html: '<p>The kit now includes the safety video and the ESS app guide in Bahasa Indonesia and English.</p>' },
  { by: 14, title: 'Headcount report for November', html: '<p>Head office 412, stores 1,870, distribution centres 655. Details per site in the dashboard.</p>' },
  { by: 24, title: 'Leave balance clean-up', html: '<p>Leave carried over from 2025 expires on 31 December. Please remind your teams.</p>' },
  { by: 36, title: 'Desk move on the 5th floor', html: '<p>We move to the east wing on Saturday. Pack your things in the boxes by Friday afternoon.</p>' },
];

const COMPANY: PostSeed[] = [
  { by: 43, title: 'Stock opname at Cikarang DC', html: '<p>The year-end stock count runs from 27 to 29 November. Receiving is closed on those days.</p>' },
  { by: 17, title: 'New store opening in Bandung', html: '<p>Our 120th store opens on Jalan Dago on 7 December. The first 200 customers get a tote bag.</p>' },
  { by: 11, title: 'Q4 sales: 96% of target so far', html: '<p>Great work everyone. Jakarta Selatan and Surabaya are already above target.</p>' },
  { by: 30, title: 'Bali stores: new opening hours', html: '<p>From December, stores in Denpasar and Kuta open at 08:00 and close at 23:00.</p>' },
  { by: 33, title: 'Delivery routes change in Medan', html: '<p>Deliveries to Medan stores now leave the DC at 04:00 to avoid the morning traffic.</p>' },
  { by: 43, title: 'Warehouse management system upgrade', html: '<p>The WMS will be offline on Sunday from 00:00 to 06:00 for the upgrade. Plan your shifts accordingly.</p>' },
  { by: 17, title: 'Mystery shopper results', html: '<p>Average score 87. Store Kemang scored highest with 96. Congratulations!</p>' },
  { by: 27, title: 'Harbolnas 12.12 campaign', html: '<p>All stores join the 12.12 campaign. Price tags arrive on 10 December.</p>' },
  { by: 11, title: 'Truck fleet: 20 new electric vans', html: '<p>The first electric vans start deliveries in Jakarta next month.</p>' },
  { by: 30, title: 'Cashier refresher training', html: '<p>Every cashier completes the QRIS refresher module in the learning app by 15 December.</p>' },
  { by: 32, title: 'Makassar DC reaches 1,000 days without accident', html: '<p>Thank you for keeping each other safe. A small celebration is planned on Friday.</p>' },
  { by: 33, title: 'Supplier day on 9 December', html: '<p>Our top 50 suppliers visit the head office. Category managers, please confirm your slots.</p>' },
  { by: 27, title: 'Store Kemang: power cut solved', html: '<p>PLN restored power at 14:20. Frozen goods were moved to the backup freezers in time.</p>' },
  { by: 43, title: 'Customer service hotline hours', html: '<p>The hotline 1500-123 is now open from 07:00 to 22:00, every day.</p>' },
  { by: 17, title: 'Employee discount week', html: '<p>15% off for employees in every store from 1 to 7 December. Show your ID card at the cashier.</p>' },
];

const COMMENT_TEXTS = [
  'See you there!',
  'Terima kasih infonya!',
  'Will it be streamed?',
  'Noted, thank you.',
  'Siap, segera saya teruskan ke tim.',
  'Great news!',
  'Is this for the stores too?',
  'Mantap! 👏',
  'Can we register as a team?',
  'Thanks for the reminder.',
  'Where can I find the form?',
  'Selamat!',
  'Our team will join.',
  'Good initiative.',
  'Sudah saya isi, terima kasih.',
  'Looking forward to it.',
];

/** Everyone who may comment: the directory minus the post's author. */
const COMMENTERS = [42, 57, 61, 12, 13, 15, 16, 20, 21, 22, 25, 26, 28, 29, 31, 34, 35, 37, 38, 39];

const SEGMENTS: Array<{ group: GroupType; firstId: number; seeds: PostSeed[]; start: string }> = [
  { group: 'company_wide', firstId: 1201, seeds: COMPANY_WIDE, start: '2026-11-20T09:00:00Z' },
  { group: 'department', firstId: 2201, seeds: DEPARTMENT, start: '2026-11-20T08:30:00Z' },
  { group: 'company', firstId: 3201, seeds: COMPANY, start: '2026-11-20T07:45:00Z' },
];

export interface FeedComment {
  id: number;
  announcement_id: number;
  likes_count: number;
  comment: string;
  authorId: number;
  created_at: string;
}

export interface FeedPost {
  id: number;
  group: GroupType;
  title: string;
  html: string;
  authorId: number;
  created_at: string;
  comments: FeedComment[];
}

const HOUR = 3_600_000;
const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

/** The fixed posts, newest first within each segment. */
export const FEED_POSTS: readonly FeedPost[] = SEGMENTS.flatMap(({ group, firstId, seeds, start }, segment) =>
  seeds.map((seed, index) => {
    const id = firstId + index;
    const posted = Date.parse(start) - index * 27 * HOUR;
    const count = (index * 7 + segment * 3 + 2) % 4;
    const comments = Array.from({ length: count }, (_, n): FeedComment => {
      const commenter = COMMENTERS[(index * 5 + n * 3 + segment * 7) % COMMENTERS.length]!;
      return {
        id: id * 10 + n + 1,
        announcement_id: id,
        likes_count: (id * 13 + n * 17) % 25,
        comment: COMMENT_TEXTS[(index * 3 + n * 5 + segment) % COMMENT_TEXTS.length]!,
        authorId: commenter === seed.by ? 42 : commenter,
        created_at: iso(posted + (n + 1) * 7 * 60_000),
      };
    });
    return { id, group, title: seed.title, html: seed.html, authorId: seed.by, created_at: iso(posted), comments };
  }),
);

/** Likes of the seed a post starts with: a few for most posts, none for some. */
export const seedPostLikes = (post: Pick<FeedPost, 'id'>) => (post.id * 11) % 23;

/**
 * The ids of `count` people who like an item at the start, as likesOf picks them (the directory from a
 * seed on, never the item's author), so the likes lists of the seed stay what they were.
 */
function seedLikers(itemId: number, count: number, authorId: number): Set<number> {
  const others = PEOPLE.filter((someone) => someone.id !== authorId);
  const start = (itemId * 7) % others.length;
  return new Set(Array.from({ length: count }, (_, index) => others[(start + index) % others.length]!.id));
}

/** What changes as employees like and comment (per sandbox, fresh at every reset). */
interface LiveComment {
  id: number;
  announcement_id: number;
  comment: string;
  authorId: number;
  created_at: string;
  likers: Set<number>;
}

interface LivePost {
  seed: FeedPost;
  likers: Set<number>;
  comments: LiveComment[];
}

/** The realtime mock's public global channel (Pusher event `global_event`): the feed's counts after a change. */
export interface FeedEventEmitter {
  emit(event: FeedCountsEvent): void;
}

/** Comments longer than this are refused (the contract's NewFeedCommentRequest). */
export const MAX_COMMENT_LENGTH = 1000;

function likeOf(context: Pick<SandboxContext, 'publicUrl'>, itemId: number, userId: number): Like {
  const someone = person(userId);
  return {
    id: itemId * 1000 + userId,
    user: {
      id: someone.id,
      signed_profile_picture_url: pictureUrl(context, someone),
      employee_number: someone.employee_number,
      first_name: someone.first_name,
      last_name: someone.last_name,
    },
  };
}

function commentView(context: Pick<SandboxContext, 'publicUrl'>, comment: LiveComment, userId: number): Comment {
  return {
    id: comment.id,
    announcement_id: comment.announcement_id,
    likes_count: comment.likers.size,
    liked_by_me: comment.likers.has(userId),
    comment: comment.comment,
    user: author(context, comment.authorId),
    created_at: comment.created_at,
  };
}

function announcement(context: SandboxContext, post: LivePost, userId: number): Announcement {
  const { seed } = post;
  return {
    id: seed.id,
    title: seed.title,
    content: seed.html,
    group_type: seed.group,
    user: author(context, seed.authorId),
    likes_count: post.likers.size,
    liked_by_me: post.likers.has(userId),
    comments_count: post.comments.length,
    comments: post.comments.map((comment) => commentView(context, comment, userId)),
    created_at: seed.created_at,
  };
}

const GROUPS: readonly GroupType[] = ['company_wide', 'department', 'company'];

type LikesOperation = 'getCompanyWideCommentLikes' | 'getDepartmentCommentLikes' | 'getCompanyCommentLikes';

export function createFeedResource({ feedEvents }: { feedEvents?: FeedEventEmitter } = {}): SandboxResource {
  // Sanity: the directory knows every author.
  for (const post of FEED_POSTS) [post.authorId, ...post.comments.map((c) => c.authorId)].forEach(person);
  const posts: LivePost[] = FEED_POSTS.map((seed) => ({
    seed,
    likers: seedLikers(seed.id * 10 + 1, seedPostLikes(seed), seed.authorId),
    comments: seed.comments.map((comment) => ({
      id: comment.id,
      announcement_id: comment.announcement_id,
      comment: comment.comment,
      authorId: comment.authorId,
      created_at: comment.created_at,
      likers: seedLikers(comment.id, comment.likes_count, comment.authorId),
    })),
  }));
  let nextCommentId = 900_000;
  const findPost = (context: SandboxContext) => posts.find((candidate) => candidate.seed.id === Number(context.params.announcement_id));
  const findComment = (post: LivePost | undefined, context: SandboxContext) => post?.comments.find((candidate) => candidate.id === Number(context.params.comment_id));
  const announce = (post: LivePost, data: Partial<FeedCountsEvent['data']> = {}) =>
    feedEvents?.emit({
      event_type: 'feed_counts',
      data: { announcement_id: post.seed.id, likes_count: post.likers.size, comments_count: post.comments.length, ...data },
    });
  const postGone = () => refuse(404, 'This post has been removed.');
  const commentGone = () => refuse(404, 'This comment has been removed.');

  const listFeed: OperationHandler<'getFeed'> = (context) => {
    const userId = userIdFromRequest(context.request);
    const groupType = context.query.get('group_type');
    const chosen = groupType
      ? posts.filter((post) => post.seed.group === (GROUPS.includes(groupType as GroupType) ? groupType : 'company'))
      : [...posts].sort((a, b) => b.seed.created_at.localeCompare(a.seed.created_at));
    const { data, meta } = paginate(chosen, pageParam(context.query), FEED_PER_PAGE);
    return context.ok({ data: data.map((post) => announcement(context, post, userId)), meta });
  };

  const commentLikes =
    (group: GroupType): OperationHandler<LikesOperation> =>
    (context) => {
      const post = findPost(context);
      const comment = findComment(post, context);
      // The app picks the likes call by the announcement's group type; another group's call finds nothing.
      // An error in a 200 body, as the backend sends it (SPEC §8: the modal shows error_message).
      if (!post || !comment || post.seed.group !== group) return { json: errorBody(404, 'This comment has been removed.') };
      return context.ok({ likes: [...comment.likers].map((userId) => likeOf(context, comment.id, userId)) });
    };

  // Idempotent: the like is set to what is asked; only a change is announced.
  const setLike = (likers: Set<number>, userId: number, liked: boolean): boolean => {
    if (likers.has(userId) === liked) return false;
    if (liked) likers.add(userId);
    else likers.delete(userId);
    return true;
  };

  const likePost: OperationHandler<'setAnnouncementLike'> = async (context) => {
    const { liked } = await context.body();
    const post = findPost(context);
    if (!post) return postGone();
    if (setLike(post.likers, userIdFromRequest(context.request), liked)) announce(post);
    return context.ok({ liked, likes_count: post.likers.size });
  };

  const likeComment: OperationHandler<'setFeedCommentLike'> = async (context) => {
    const { liked } = await context.body();
    const post = findPost(context);
    const comment = findComment(post, context);
    if (!post || !comment) return commentGone();
    if (setLike(comment.likers, userIdFromRequest(context.request), liked)) announce(post, { comment_id: comment.id, comment_likes_count: comment.likers.size });
    return context.ok({ liked, likes_count: comment.likers.size });
  };

  const addComment: OperationHandler<'addFeedComment'> = async (context) => {
    const text = (await context.body()).comment.trim();
    const post = findPost(context);
    if (!post) return postGone();
    if (!text || text.length > MAX_COMMENT_LENGTH) return refuse(422, `The comment must be 1 to ${MAX_COMMENT_LENGTH} characters.`);
    const userId = userIdFromRequest(context.request);
    // Stored as written: plain text, shown as text by the app (never HTML).
    const comment: LiveComment = {
      id: (nextCommentId += 1),
      announcement_id: post.seed.id,
      comment: text,
      authorId: userId,
      created_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      likers: new Set(),
    };
    post.comments.push(comment);
    announce(post, { comment_id: comment.id });
    return context.ok({ comment: commentView(context, comment, userId), comments_count: post.comments.length });
  };

  const deleteComment: OperationHandler<'deleteFeedComment'> = (context) => {
    const post = findPost(context);
    const comment = findComment(post, context);
    if (!post || !comment) return commentGone();
    // Only the author, checked here whatever the app shows.
    if (comment.authorId !== userIdFromRequest(context.request)) return refuse(403, 'You can only delete your own comments.');
    post.comments = post.comments.filter((candidate) => candidate !== comment);
    announce(post, { comment_id: comment.id, comment_deleted: true });
    return context.ok({ comments_count: post.comments.length });
  };

  return {
    name: 'feed',
    routes: [
      operation('GET', '/ess/feed', 'getFeed', listFeed),
      operation('GET', '/ess/feed/company-wide/:announcement_id/comments/:comment_id/likes', 'getCompanyWideCommentLikes', commentLikes('company_wide')),
      operation('GET', '/ess/feed/department/:announcement_id/comments/:comment_id/likes', 'getDepartmentCommentLikes', commentLikes('department')),
      operation('GET', '/ess/feed/company/:announcement_id/comments/:comment_id/likes', 'getCompanyCommentLikes', commentLikes('company')),
      operation('POST', '/ess/feed/:announcement_id/like', 'setAnnouncementLike', likePost),
      operation('POST', '/ess/feed/:announcement_id/comments', 'addFeedComment', addComment),
      operation('POST', '/ess/feed/:announcement_id/comments/:comment_id/like', 'setFeedCommentLike', likeComment),
      operation('POST', '/ess/feed/:announcement_id/comments/:comment_id/delete', 'deleteFeedComment', deleteComment),
    ],
  };
}
