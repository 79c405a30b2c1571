// The demo sign-ins a newcomer is pointed to, with what to try as each: the one list that `npm start`
// prints when it is ready and README's "Demo sign-ins" table shows (tests/unit/demo-sign-ins.test.ts
// keeps the table equal to it). Who they are comes from people.ts; any other employee signs in too.
import { usernameOf } from './chat/identity.ts';
import { fullName, person } from './people.ts';

export const DEMO_SIGN_INS: readonly { id: number; try: string }[] = [
  { id: 42, try: 'the contract examples\' user; admin of "Tim Operasional Jakarta"' },
  { id: 43, try: 'Ayu\'s direct chat, a member of "Tim Operasional Jakarta"' },
  { id: 57, try: 'the seeded call 9001 that rings Ayu (`npm run mock:emit -- incoming-call`)' },
];

/** Each demo sign-in: the user name, who it is (name, id, department) and what to try. */
export function demoSignIns(): { username: string; who: string; try: string }[] {
  return DEMO_SIGN_INS.map(({ id, try: hint }) => {
    const someone = person(id);
    return { username: usernameOf(someone), who: `${fullName(someone)} (${id}), ${someone.department}`, try: hint };
  });
}

/** The lines `npm start` prints under its ready line. */
export function demoSignInLines(): string[] {
  const rows = demoSignIns();
  const width = Math.max(...rows.map((row) => row.username.length));
  return [
    'Sign in with any non-empty password as:',
    ...rows.map((row) => `  ${row.username.padEnd(width)}  ${row.who}: ${row.try}`),
    '  or any employee of mocks/sandbox/people.ts as first.last (README: Demo sign-ins)',
  ];
}

/** README's table rows, as markdown. */
export const demoSignInTableRows = (): string[] => demoSignIns().map((row) => `| \`${row.username}\` | ${row.who} | ${row.try} |`);
