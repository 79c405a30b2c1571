// Dotted version numbers and the binary ranges CodePush releases target, shared by the update client
// (which checks the range a release was signed for, and that an update is newer than what runs) and the
// local update server (which picks the release a binary gets).

const parse = (version: string): number[] => version.split('.').map((part) => Number.parseInt(part, 10) || 0);

/** -1, 0 or 1 as `a` is older than, the same as, or newer than `b` ("2.2.031" equals "2.2.31"). */
export function compareVersions(a: string, b: string): number {
  const [left, right] = [parse(a), parse(b)];
  for (let index = 0; index < Math.max(left.length, right.length, 3); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** What a bundle version must look like: dotted numbers, as "2.2.031". */
export const isDottedVersion = (value: unknown): value is string => typeof value === 'string' && /^\d+(\.\d+){0,3}$/.test(value);

function satisfiesToken(version: string, token: string): boolean {
  if (token === '*' || token === '') return true;
  const comparator = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(token);
  const operator = comparator?.[1] ?? '';
  const target = comparator?.[2] ?? token;
  if (/(^|\.)(x|X|\*)(\.|$)/.test(target)) {
    // 2.0.x, 2.x, 2.*: the fixed parts must match.
    const fixed = target.split('.').filter((part) => !/^(x|X|\*)$/.test(part));
    return fixed.every((part, index) => parse(version)[index] === Number(part));
  }
  const order = compareVersions(version, target);
  const [major, minor] = parse(target);
  switch (operator) {
    case '>=':
      return order >= 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    case '^':
      return order >= 0 && parse(version)[0] === major;
    case '~':
      return order >= 0 && parse(version)[0] === major && parse(version)[1] === minor;
    default:
      return order === 0;
  }
}

/** The range forms CodePush releases use: `*`, exact, `2.0.x`, comparators, `^`, `~`, and `||`. */
export function satisfiesRange(version: string, range: string): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .every((token) => satisfiesToken(version, token)),
  );
}
