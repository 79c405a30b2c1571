// Chat screens a person reaches from inside chat (creating a group, a group's detail, a poll, a file's
// viewer) or from a link (a direct chat), never as the app's first screen in the usual start: the route
// table reaches them through this small module. The app's entry lists, for preloading, every file each
// of its routes' imports needs; through here it names one small chunk instead of each screen's files,
// bytes every start (Home's, a chat room's) would otherwise carry. The cost is one small fetch before
// such a screen's own.
export const createGroupChatScreen = () => import('./start/create-group-chat-screen.tsx').then((module) => ({ default: module.CreateGroupChatScreen }));
export const createChatScreen = () => import('./create/create-chat-screen.tsx').then((module) => ({ default: module.CreateChatScreen }));
export const chatDetailScreen = () => import('./detail/chat-detail-screen.tsx').then((module) => ({ default: module.ChatDetailScreen }));
export const directChatScreen = () => import('./start/direct-chat-screen.tsx').then((module) => ({ default: module.DirectChatScreen }));
export const voteScreen = () => import('./vote/vote-screen.tsx').then((module) => ({ default: module.VoteScreen }));
export const attachmentViewScreen = () => import('./viewer/attachment-view-screen.tsx').then((module) => ({ default: module.AttachmentViewScreen }));
