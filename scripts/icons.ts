// `node scripts/icons.ts`: the PWA icons in public/icons/ from the one source image, public/favicon.svg.
// The PNGs are committed, so the build never needs sharp; run this again only when the logo changes.
// Manifest icons: 192 and 512 (transparent corners) and a maskable 512 whose logo sits inside the
// safe zone on the brand colour; the 180 apple-touch-icon is opaque because iOS blackens transparency.
import { readFile } from 'node:fs/promises';
import { generateAssets } from '@vite-pwa/assets-generator/api/generate-assets';
import { instructions } from '@vite-pwa/assets-generator/api/instructions';

const SOURCE = 'public/favicon.svg';
const OUTPUT = 'public/icons';
const BRAND = '#4819e3';

const assets = await instructions({
  imageResolver: () => readFile(SOURCE),
  imageName: SOURCE,
  preset: {
    transparent: { sizes: [192, 512], padding: 0 },
    maskable: { sizes: [512], padding: 0.3, resizeOptions: { background: BRAND } },
    apple: { sizes: [180], padding: 0.15, resizeOptions: { background: BRAND } },
  },
  htmlLinks: { xhtml: false, includeId: false },
  basePath: '/icons/',
  resolveSvgName: (name) => name,
});
await generateAssets(assets, true, OUTPUT, (message) => console.log(message));
