// The inline style rich HTML may keep (sanitize.ts): a few properties that change how text looks,
// each with a strict grammar of keywords and colours. No value can carry a length (a 9999px underline
// paints over the next post), url(), a function other than a colour, an escape, a comment or
// !important; nothing moves, sizes or stacks a box (position, inset, margins, z-index, transforms and
// shadows are not properties here at all). Values arrive lowercased with single spaces.
// No value the grammar accepts holds a ';' or a ':', so a list of declarations serialises as
// "name:value;name:value" and parses back unambiguously (the sanitiser writes it, SafeHtml reads it).

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const NUMBER = String.raw`(?:\d{1,3}(?:\.\d{1,4})?|\.\d{1,4})%?`;
const HUE = String.raw`(?:\d{1,3}(?:\.\d{1,4})?|\.\d{1,4})(?:deg)?`;
// rgb(10, 20, 30), rgba(10, 20, 30, .5), rgb(10 20 30 / 50%), and the same for hsl().
const RGB = new RegExp(String.raw`^rgba?\( ?${NUMBER}(?: ?, ?| )${NUMBER}(?: ?, ?| )${NUMBER}(?: ?[,/] ?${NUMBER})? ?\)$`);
const HSL = new RegExp(String.raw`^hsla?\( ?${HUE}(?: ?, ?| )${NUMBER}(?: ?, ?| )${NUMBER}(?: ?[,/] ?${NUMBER})? ?\)$`);

// CSS's named colours (without transparent: text nobody can see has nothing to say).
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
    'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
    'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
    'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
    'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen currentcolor'
  ).split(' '),
);

export function isColour(value: string): boolean {
  return HEX.test(value) || RGB.test(value) || HSL.test(value) || NAMED_COLOURS.has(value);
}

const keywords = (...words: string[]) => {
  const allowed = new Set(words);
  return (value: string) => allowed.has(value);
};

const DECORATION_LINES = new Set(['underline', 'overline', 'line-through']);
const DECORATION_STYLES = new Set(['solid', 'double', 'dotted', 'dashed', 'wavy']);

/** text-decoration: `none`, or lines (underline, overline, line-through), at most one style and one colour; no thickness. */
function isTextDecoration(value: string): boolean {
  if (value === 'none') return true;
  // A colour function has spaces inside: split around it rather than inside it.
  const tokens = value.match(/[a-z]+\([^)]*\)|[^ ]+/g) ?? [];
  let lines = 0;
  let styles = 0;
  let colours = 0;
  for (const token of tokens) {
    if (DECORATION_LINES.has(token)) lines += 1;
    else if (DECORATION_STYLES.has(token)) styles += 1;
    else if (isColour(token)) colours += 1;
    else return false;
  }
  return lines >= 1 && lines <= 3 && new Set(tokens).size === tokens.length && styles <= 1 && colours <= 1;
}

const GRAMMAR = new Map<string, (value: string) => boolean>([
  ['text-align', keywords('left', 'right', 'center', 'justify', 'start', 'end')],
  ['color', isColour],
  ['font-weight', keywords('normal', 'bold', 'bolder', 'lighter', '100', '200', '300', '400', '500', '600', '700', '800', '900')],
  ['font-style', keywords('normal', 'italic', 'oblique')],
  ['text-decoration', isTextDecoration],
]);

/** Whether a declaration (lowercased property and value) may stay. */
export function isSafeStyleValue(property: string, value: string): boolean {
  const grammar = GRAMMAR.get(property);
  return grammar !== undefined && value !== '' && grammar(value);
}

export type Declaration = readonly [property: string, value: string];

/**
 * The declarations of a declaration list ("color: Red; position: fixed; …") that pass the grammar,
 * lowercased, single-spaced, and a property named twice only once (the last value, as CSS would).
 * Anything else is dropped: a declaration the grammar refuses never reaches the result.
 */
export function safeDeclarations(text: string): Declaration[] {
  const kept = new Map<string, string>();
  for (const declaration of text.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim().toLowerCase().replace(/\s+/g, ' ');
    if (!isSafeStyleValue(property, value)) continue;
    kept.delete(property);
    kept.set(property, value);
  }
  return [...kept];
}

/** Declarations as "name:value;name:value" (what safeDeclarations reads back). */
export function serializeDeclarations(declarations: readonly Declaration[]): string {
  return declarations.map(([property, value]) => `${property}:${value}`).join(';');
}
