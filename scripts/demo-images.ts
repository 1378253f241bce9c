/**
 * Draws the demo store's product photos: SVG written here, rasterised by sharp to 1600 × 2000
 * JPEG files in demo/images/. No third-party artwork. Run `npx tsx scripts/demo-images.ts`
 * after changing a drawing; the files are committed, so a normal start never runs this.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 1600;
const HEIGHT = 2000;
const OUT_DIR = path.resolve(import.meta.dirname, '../demo/images');

interface Palette {
  readonly backdropTop: string;
  readonly backdropBottom: string;
  readonly cloth: string;
  readonly clothShade: string;
  readonly clothLight: string;
  readonly button: string;
}

/** The mirror image of a left-hand x across the centre line. */
const mirror = (x: number) => WIDTH - x;

function backdrop(top: string, bottom: string): string {
  return `
    <defs>
      <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${top}"/>
        <stop offset="1" stop-color="${bottom}"/>
      </linearGradient>
      <radialGradient id="floor-shadow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#000" stop-opacity="0.22"/>
        <stop offset="1" stop-color="#000" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#backdrop)"/>`;
}

/** A camp-collar short-sleeved shirt laid flat, seen from the front. */
function linenShirt(colour: Palette): string {
  const left = [
    [470, 500],
    [330, 640],
    [240, 840],
    [400, 910],
    [505, 770],
    [520, 1630],
  ] as const;
  const [shoulder, upperSleeve, sleeveEnd, cuff, underarm, hem] = left;
  const outline = `
    M 670 430 L ${shoulder[0]} ${shoulder[1]} Q 380 540 ${upperSleeve[0]} ${upperSleeve[1]}
    L ${sleeveEnd[0]} ${sleeveEnd[1]} L ${cuff[0]} ${cuff[1]} L ${underarm[0]} ${underarm[1]}
    L ${hem[0]} ${hem[1]} Q 800 1700 ${mirror(hem[0])} ${hem[1]}
    L ${mirror(underarm[0])} ${underarm[1]} L ${mirror(cuff[0])} ${cuff[1]}
    L ${mirror(sleeveEnd[0])} ${sleeveEnd[1]} L ${mirror(upperSleeve[0])} ${upperSleeve[1]}
    Q ${mirror(380)} 540 ${mirror(shoulder[0])} ${shoulder[1]} L ${mirror(670)} 430
    Q 800 500 670 430 Z`;
  const lapel = (flip: boolean) => {
    const x = (v: number) => (flip ? mirror(v) : v);
    return `M ${x(670)} 430 L ${x(610)} 480 L ${x(700)} 610 L 800 700 L 800 600 Q ${x(730)} 540 ${x(700)} 445 Z`;
  };
  const buttons = [760, 900, 1040, 1180, 1320, 1460]
    .map(
      (y) =>
        `<circle cx="800" cy="${y}" r="15" fill="${colour.button}"/>` +
        `<circle cx="800" cy="${y}" r="15" fill="none" stroke="${colour.clothShade}" stroke-width="3"/>`,
    )
    .join('');
  return `
    <defs>
      <pattern id="weave" width="12" height="12" patternUnits="userSpaceOnUse">
        <rect width="12" height="6" fill="#fff" opacity="0.05"/>
        <rect width="6" height="12" fill="#000" opacity="0.04"/>
      </pattern>
      <clipPath id="shirt"><path d="${outline}"/></clipPath>
      <linearGradient id="cloth-light" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${colour.clothLight}" stop-opacity="0.55"/>
        <stop offset="0.6" stop-color="${colour.clothLight}" stop-opacity="0"/>
      </linearGradient>
    </defs>
    <ellipse cx="800" cy="1700" rx="620" ry="90" fill="url(#floor-shadow)"/>
    <path d="${outline}" fill="${colour.cloth}"/>
    <g clip-path="url(#shirt)">
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#weave)"/>
      <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#cloth-light)"/>
      <path d="M 505 770 Q 560 1200 530 1630" stroke="${colour.clothShade}" stroke-width="26" fill="none" opacity="0.35"/>
      <path d="M ${mirror(505)} 770 Q ${mirror(560)} 1200 ${mirror(530)} 1630" stroke="${colour.clothShade}" stroke-width="26" fill="none" opacity="0.35"/>
      <path d="M 620 1150 Q 700 1230 660 1380" stroke="${colour.clothShade}" stroke-width="10" fill="none" opacity="0.25"/>
      <path d="M 960 1250 Q 1010 1330 990 1470" stroke="${colour.clothShade}" stroke-width="10" fill="none" opacity="0.25"/>
      <path d="M 250 820 L 395 885" stroke="${colour.clothShade}" stroke-width="6" opacity="0.6"/>
      <path d="M ${mirror(250)} 820 L ${mirror(395)} 885" stroke="${colour.clothShade}" stroke-width="6" opacity="0.6"/>
      <rect x="786" y="620" width="28" height="1100" fill="${colour.clothShade}" opacity="0.22"/>
    </g>
    <path d="M 560 820 h 150 v 150 q -75 30 -150 0 Z" fill="none" stroke="${colour.clothShade}" stroke-width="6" opacity="0.8"/>
    <path d="M 560 845 h 150" stroke="${colour.clothShade}" stroke-width="4" opacity="0.6"/>
    <path d="${lapel(false)}" fill="${colour.cloth}" stroke="${colour.clothShade}" stroke-width="5"/>
    <path d="${lapel(true)}" fill="${colour.cloth}" stroke="${colour.clothShade}" stroke-width="5"/>
    <path d="M 670 430 Q 800 500 ${mirror(670)} 430" fill="none" stroke="${colour.clothShade}" stroke-width="8"/>
    ${buttons}`;
}

/** A dot-grid pocket notebook lying open, with a pencil beside it. */
function fieldNotebook(): string {
  const dots: string[] = [];
  for (const pageLeft of [372, 822])
    for (let y = 640; y <= 1420; y += 40)
      for (let x = pageLeft + 28; x <= pageLeft + 380; x += 40)
        dots.push(`<circle cx="${x}" cy="${y}" r="3.2" fill="#b9b2a4"/>`);
  return `
    <defs>
      <linearGradient id="spine" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#000" stop-opacity="0"/>
        <stop offset="0.5" stop-color="#000" stop-opacity="0.18"/>
        <stop offset="1" stop-color="#000" stop-opacity="0"/>
      </linearGradient>
    </defs>
    <ellipse cx="800" cy="1540" rx="560" ry="70" fill="url(#floor-shadow)"/>
    <g transform="rotate(-4 800 1030)">
      <rect x="330" y="560" width="940" height="940" rx="26" fill="#b88a5a"/>
      <rect x="330" y="560" width="940" height="940" rx="26" fill="none" stroke="#8e6640" stroke-width="6"/>
      <rect x="352" y="580" width="444" height="900" rx="8" fill="#fbf8f1"/>
      <rect x="804" y="580" width="444" height="900" rx="8" fill="#fbf8f1"/>
      ${dots.join('')}
      <rect x="740" y="580" width="120" height="900" fill="url(#spine)"/>
      <path d="M 430 760 q 60 -30 120 0 t 120 0" stroke="#2f4a3a" stroke-width="5" fill="none" opacity="0.75"/>
      <path d="M 430 840 h 210" stroke="#2f4a3a" stroke-width="5" opacity="0.6"/>
      <path d="M 430 920 h 160" stroke="#2f4a3a" stroke-width="5" opacity="0.6"/>
      <rect x="1180" y="560" width="22" height="940" fill="#3a3a3a" opacity="0.85"/>
    </g>
    <g transform="rotate(28 1180 1620)">
      <rect x="900" y="1600" width="560" height="40" rx="6" fill="#2f5a46"/>
      <rect x="900" y="1600" width="560" height="12" rx="4" fill="#3f7660"/>
      <path d="M 1460 1600 L 1540 1620 L 1460 1640 Z" fill="#e4c9a3"/>
      <path d="M 1515 1614 L 1540 1620 L 1515 1626 Z" fill="#333"/>
      <rect x="870" y="1600" width="34" height="40" rx="4" fill="#c9c9c9"/>
    </g>`;
}

/** A canvas market tote standing upright, handles up. */
function marketTote(cloth: string, shade: string): string {
  return `
    <ellipse cx="800" cy="1640" rx="520" ry="70" fill="url(#floor-shadow)"/>
    <path d="M 620 820 C 620 420 980 420 980 820" fill="none" stroke="${shade}" stroke-width="46" stroke-linecap="round"/>
    <path d="M 690 820 C 690 520 910 520 910 820" fill="none" stroke="${cloth}" stroke-width="30" stroke-linecap="round" opacity="0.9"/>
    <path d="M 420 780 L 1180 780 L 1250 1640 L 350 1640 Z" fill="${cloth}"/>
    <path d="M 420 780 L 1180 780 L 1186 850 L 414 850 Z" fill="${shade}" opacity="0.45"/>
    <path d="M 350 1640 L 1250 1640 L 1246 1590 L 354 1590 Z" fill="${shade}" opacity="0.3"/>
    <path d="M 560 850 L 520 1590" stroke="${shade}" stroke-width="8" opacity="0.25"/>
    <path d="M 1040 850 L 1080 1590" stroke="${shade}" stroke-width="8" opacity="0.25"/>
    <rect x="690" y="1060" width="220" height="150" rx="10" fill="none" stroke="${shade}" stroke-width="6" opacity="0.7"/>`;
}

/** A rib-knit beanie with a folded cuff. */
function woolBeanie(wool: string, shade: string): string {
  const ribs = Array.from({ length: 15 }, (_, index) => {
    const x = 470 + index * 47;
    return `<path d="M ${x} 1290 L ${x} 1500" stroke="${shade}" stroke-width="10" opacity="0.45"/>`;
  }).join('');
  const knit = Array.from({ length: 13 }, (_, index) => {
    const x = 500 + index * 50;
    return `<path d="M ${x} 700 Q ${x + (x - 800) * 0.1} 1000 ${x + (x - 800) * 0.15} 1290" stroke="${shade}" stroke-width="6" fill="none" opacity="0.3"/>`;
  }).join('');
  return `
    <ellipse cx="800" cy="1560" rx="480" ry="60" fill="url(#floor-shadow)"/>
    <defs><clipPath id="dome"><path d="M 440 1300 C 420 760 1180 760 1160 1300 Z"/></clipPath></defs>
    <path d="M 440 1300 C 420 760 1180 760 1160 1300 Z" fill="${wool}"/>
    <g clip-path="url(#dome)">${knit}</g>
    <rect x="430" y="1270" width="740" height="250" rx="40" fill="${wool}"/>
    <rect x="430" y="1270" width="740" height="250" rx="40" fill="${shade}" opacity="0.15"/>
    ${ribs}
    <circle cx="800" cy="830" r="115" fill="${wool}"/>
    <circle cx="800" cy="830" r="115" fill="${shade}" opacity="0.12"/>`;
}

/** A stoneware mug in its glaze, handle to the right. */
function stonewareMug(glaze: string, shade: string): string {
  return `
    <ellipse cx="800" cy="1540" rx="470" ry="70" fill="url(#floor-shadow)"/>
    <path d="M 1080 900 C 1330 880 1340 1280 1080 1300" fill="none" stroke="${glaze}" stroke-width="70"/>
    <path d="M 1080 900 C 1330 880 1340 1280 1080 1300" fill="none" stroke="${shade}" stroke-width="70" opacity="0.2"/>
    <path d="M 500 760 L 1100 760 L 1080 1480 Q 800 1540 520 1480 Z" fill="${glaze}"/>
    <path d="M 520 1380 L 1083 1380 L 1080 1480 Q 800 1540 520 1480 Z" fill="#c9b89e"/>
    <path d="M 560 800 L 580 1360" stroke="#fff" stroke-width="34" opacity="0.18" stroke-linecap="round"/>
    <ellipse cx="800" cy="760" rx="300" ry="60" fill="${shade}"/>
    <ellipse cx="800" cy="770" rx="270" ry="46" fill="#3b2a1f" opacity="0.85"/>`;
}

/** A chore jacket laid flat: long sleeves, point collar, three patch pockets. */
function workJacket(colour: Palette): string {
  const outline = `
    M 680 420 L 460 490 Q 380 520 350 640 L 300 1420 L 450 1440 L 520 840
    L 535 1620 L ${mirror(535)} 1620 L ${mirror(520)} 840 L ${mirror(450)} 1440
    L ${mirror(300)} 1420 L ${mirror(350)} 640 Q ${mirror(380)} 520 ${mirror(460)} 490
    L ${mirror(680)} 420 Q 800 480 680 420 Z`;
  const collar = (flip: boolean) => {
    const x = (v: number) => (flip ? mirror(v) : v);
    return `M ${x(680)} 420 L ${x(600)} 470 L ${x(690)} 640 L 800 560 Q ${x(730)} 470 ${x(680)} 420 Z`;
  };
  const pocket = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="${colour.cloth}" stroke="${colour.clothShade}" stroke-width="7"/>` +
    `<path d="M ${x} ${y + 22} h ${w}" stroke="${colour.clothShade}" stroke-width="4" stroke-dasharray="14 10"/>`;
  const buttons = [640, 800, 960, 1120, 1280, 1440]
    .map(
      (y) =>
        `<circle cx="800" cy="${y}" r="17" fill="${colour.button}" stroke="${colour.clothShade}" stroke-width="4"/>`,
    )
    .join('');
  return `
    <ellipse cx="800" cy="1690" rx="640" ry="90" fill="url(#floor-shadow)"/>
    <path d="${outline}" fill="${colour.cloth}"/>
    <path d="M 300 1420 L 450 1440 L 456 1380 L 306 1362 Z" fill="${colour.clothShade}" opacity="0.4"/>
    <path d="M ${mirror(300)} 1420 L ${mirror(450)} 1440 L ${mirror(456)} 1380 L ${mirror(306)} 1362 Z" fill="${colour.clothShade}" opacity="0.4"/>
    <path d="M 535 1620 L ${mirror(535)} 1620 L ${mirror(535)} 1560 L 535 1560 Z" fill="${colour.clothShade}" opacity="0.3"/>
    <path d="M 800 560 L 800 1620" stroke="${colour.clothShade}" stroke-width="6" opacity="0.6"/>
    ${pocket(580, 760, 150, 170)}${pocket(570, 1220, 190, 210)}${pocket(mirror(760), 1220, 190, 210)}
    <path d="${collar(false)}" fill="${colour.cloth}" stroke="${colour.clothShade}" stroke-width="6"/>
    <path d="${collar(true)}" fill="${colour.cloth}" stroke="${colour.clothShade}" stroke-width="6"/>
    ${buttons}`;
}

/** Four linen napkins folded and stacked. */
function linenNapkins(): string {
  const tones = ['#d9cdb8', '#cfc1a8', '#e2d7c4', '#d4c7b0'];
  const folded = tones
    .map((tone, index) => {
      const y = 1240 - index * 90;
      const x = 380 + (index % 2) * 24;
      return `<rect x="${x}" y="${y}" width="840" height="150" rx="14" fill="${tone}"/>
        <rect x="${x}" y="${y}" width="840" height="150" rx="14" fill="none" stroke="#a89777" stroke-width="4"/>
        <path d="M ${x + 40} ${y + 120} h 760" stroke="#a89777" stroke-width="4" stroke-dasharray="10 9"/>`;
    })
    .join('');
  return `
    <ellipse cx="800" cy="1400" rx="520" ry="70" fill="url(#floor-shadow)"/>
    ${folded}
    <rect x="404" y="870" width="840" height="90" rx="14" fill="#efe7d9"/>
    <path d="M 444 930 h 760" stroke="#a89777" stroke-width="4" stroke-dasharray="10 9"/>`;
}

/** A folded white handkerchief with an embroidered monogram. */
function monogramHandkerchief(): string {
  return `
    <ellipse cx="800" cy="1480" rx="500" ry="70" fill="url(#floor-shadow)"/>
    <g transform="rotate(45 800 1000)">
      <rect x="460" y="660" width="680" height="680" rx="10" fill="#fbfaf6"/>
      <rect x="490" y="690" width="620" height="620" rx="6" fill="none" stroke="#d6d2c8" stroke-width="5" stroke-dasharray="12 10"/>
    </g>
    <path d="M 800 520 L 1280 1000 L 800 1000 Z" fill="#000" opacity="0.04"/>
    <circle cx="800" cy="1220" r="110" fill="none" stroke="#2f4a6d" stroke-width="10"/>
    <path d="M 740 1160 L 800 1290 L 860 1160" fill="none" stroke="#2f4a6d" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A printed sewing pattern: a sheet with dashed pieces, and a tape measure. */
function shirtPattern(): string {
  const ticks = Array.from(
    { length: 38 },
    (_, index) =>
      `<path d="M ${720 + index * 20} 1530 v ${index % 5 === 0 ? 30 : 16}" stroke="#5a4a1a" stroke-width="3"/>`,
  ).join('');
  return `
    <ellipse cx="800" cy="1640" rx="560" ry="70" fill="url(#floor-shadow)"/>
    <g transform="rotate(-3 800 1000)">
      <rect x="330" y="380" width="940" height="1220" fill="#fdfcf8"/>
      <path d="M 420 480 L 700 470 L 760 620 L 740 1040 L 430 1050 Z" fill="#e9eef4" stroke="#42618a" stroke-width="6" stroke-dasharray="22 12"/>
      <path d="M 850 480 L 1160 470 L 1180 760 L 880 780 Z" fill="#f3ece2" stroke="#9a5b3a" stroke-width="6" stroke-dasharray="22 12"/>
      <path d="M 840 880 Q 1000 820 1180 900 L 1150 1160 Q 1000 1120 860 1170 Z" fill="#eef1e8" stroke="#4d6b3f" stroke-width="6" stroke-dasharray="22 12"/>
      <path d="M 440 1160 h 700 v 340 h -700 Z" fill="#f6f1f5" stroke="#7a4d72" stroke-width="6" stroke-dasharray="22 12"/>
      <path d="M 580 700 v 220 M 560 720 l 20 -20 l 20 20" stroke="#42618a" stroke-width="6" fill="none"/>
      <path d="M 700 1330 h 200 M 880 1310 l 20 20 l -20 20" stroke="#7a4d72" stroke-width="6" fill="none"/>
    </g>
    <g transform="rotate(14 1100 1560)">
      <rect x="700" y="1530" width="760" height="64" rx="8" fill="#f2c94c"/>
      ${ticks}
    </g>`;
}

/** A darning hoop with a mended patch, a needle and thread. */
function mendingSession(): string {
  const weave = Array.from({ length: 9 }, (_, index) => {
    const offset = -160 + index * 40;
    return (
      `<path d="M ${800 + offset} 820 v 320" stroke="#c66b3d" stroke-width="14"/>` +
      `<path d="M 640 ${980 + offset} h 320" stroke="#e0a458" stroke-width="14" opacity="0.9"/>`
    );
  }).join('');
  return `
    <defs><clipPath id="patch"><circle cx="800" cy="980" r="180"/></clipPath></defs>
    <ellipse cx="800" cy="1560" rx="520" ry="70" fill="url(#floor-shadow)"/>
    <circle cx="800" cy="980" r="430" fill="#3a4f6e"/>
    <circle cx="800" cy="980" r="430" fill="none" stroke="#b98b55" stroke-width="46"/>
    <circle cx="800" cy="980" r="395" fill="none" stroke="#9c7242" stroke-width="10"/>
    <rect x="770" y="520" width="60" height="60" rx="8" fill="#8a6236"/>
    <g clip-path="url(#patch)">${weave}</g>
    <path d="M 1010 1240 L 1330 1560" stroke="#c9c9c9" stroke-width="10" stroke-linecap="round"/>
    <path d="M 1020 1250 C 900 1320 980 1460 860 1520 S 640 1560 600 1480" fill="none" stroke="#c66b3d" stroke-width="6"/>`;
}

/** A gift card on its envelope. */
function giftCard(): string {
  return `
    <ellipse cx="800" cy="1480" rx="560" ry="70" fill="url(#floor-shadow)"/>
    <g transform="rotate(-8 800 1000)">
      <rect x="330" y="820" width="900" height="560" rx="18" fill="#efe6d6" stroke="#cdbd9f" stroke-width="6"/>
      <path d="M 330 820 L 780 1120 L 1230 820" fill="none" stroke="#cdbd9f" stroke-width="6"/>
    </g>
    <g transform="rotate(6 820 900)">
      <rect x="420" y="600" width="800" height="500" rx="36" fill="#2f4a3a"/>
      <rect x="420" y="600" width="800" height="500" rx="36" fill="none" stroke="#c9a96a" stroke-width="8"/>
      <circle cx="620" cy="800" r="90" fill="none" stroke="#c9a96a" stroke-width="14"/>
      <path d="M 560 830 Q 620 700 680 830" fill="none" stroke="#c9a96a" stroke-width="14"/>
      <rect x="780" y="760" width="320" height="22" rx="11" fill="#c9a96a" opacity="0.8"/>
      <rect x="780" y="820" width="220" height="22" rx="11" fill="#c9a96a" opacity="0.5"/>
      <rect x="480" y="980" width="140" height="60" rx="10" fill="#c9a96a" opacity="0.9"/>
    </g>`;
}

/** A tea tin with a paper label and a few loose leaves. */
function teaTin(): string {
  const leaf = (x: number, y: number, angle: number) =>
    `<path d="M ${x} ${y} q 40 -30 80 0 q -40 30 -80 0 Z" fill="#55683a" transform="rotate(${angle} ${x + 40} ${y})"/>`;
  return `
    <ellipse cx="800" cy="1560" rx="500" ry="70" fill="url(#floor-shadow)"/>
    <rect x="560" y="640" width="480" height="880" rx="30" fill="#6f7a7c"/>
    <rect x="540" y="600" width="520" height="110" rx="24" fill="#586365"/>
    <rect x="560" y="900" width="480" height="400" fill="#e8dcc0"/>
    <circle cx="800" cy="1060" r="90" fill="none" stroke="#55683a" stroke-width="12"/>
    <path d="M 760 1070 q 40 -70 80 0 q -40 50 -80 0 Z" fill="#55683a"/>
    <rect x="680" y="1190" width="240" height="18" rx="9" fill="#55683a" opacity="0.7"/>
    <path d="M 600 720 v 780" stroke="#fff" stroke-width="26" opacity="0.12"/>
    ${leaf(380, 1480, -20)}${leaf(1140, 1500, 25)}${leaf(1210, 1440, -40)}${leaf(460, 1530, 15)}`;
}

const SHIRT_SAND: Palette = {
  backdropTop: '#f4efe7',
  backdropBottom: '#e6dccd',
  cloth: '#d9c4a0',
  clothShade: '#a88f68',
  clothLight: '#fff7e6',
  button: '#efe6d6',
};
const SHIRT_INDIGO: Palette = {
  backdropTop: '#eef0f4',
  backdropBottom: '#d9dee8',
  cloth: '#34456a',
  clothShade: '#1f2b45',
  clothLight: '#8da2cc',
  button: '#e8e3d8',
};

const JACKET_NAVY: Palette = { ...SHIRT_INDIGO, cloth: '#2d3a55', clothShade: '#182136' };
const JACKET_CLAY: Palette = {
  ...SHIRT_SAND,
  cloth: '#b06a4b',
  clothShade: '#7a4329',
  button: '#3a2a20',
};

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;

const IMAGES: Record<string, string> = {
  'linen-shirt-sand.jpg': svg(
    backdrop(SHIRT_SAND.backdropTop, SHIRT_SAND.backdropBottom) + linenShirt(SHIRT_SAND),
  ),
  'linen-shirt-indigo.jpg': svg(
    backdrop(SHIRT_INDIGO.backdropTop, SHIRT_INDIGO.backdropBottom) + linenShirt(SHIRT_INDIGO),
  ),
  'field-notebook.jpg': svg(backdrop('#e3e7dc', '#cfd6c6') + fieldNotebook()),
  'market-tote-natural.jpg': svg(backdrop('#f2eee6', '#e2dacb') + marketTote('#e6d9bd', '#a8956c')),
  'market-tote-black.jpg': svg(backdrop('#eeeeec', '#d9d8d4') + marketTote('#2e2e2e', '#111111')),
  'market-tote-olive.jpg': svg(backdrop('#eef0e6', '#dadfcc') + marketTote('#6d7040', '#45472a')),
  'wool-beanie-oat.jpg': svg(backdrop('#f1ede6', '#e0d8cb') + woolBeanie('#d8cbb2', '#9c8d70')),
  'wool-beanie-charcoal.jpg': svg(
    backdrop('#eceded', '#d6d8d9') + woolBeanie('#46494e', '#24262a'),
  ),
  'wool-beanie-rust.jpg': svg(backdrop('#f3ece6', '#e4d6ca') + woolBeanie('#a6532f', '#6e3219')),
  'stoneware-mug-sea.jpg': svg(backdrop('#eef2f1', '#d8e1df') + stonewareMug('#5e8f92', '#3d6466')),
  'stoneware-mug-sand.jpg': svg(
    backdrop('#f4efe7', '#e6dccd') + stonewareMug('#dcc8a4', '#a48e66'),
  ),
  'stoneware-mug-charcoal.jpg': svg(
    backdrop('#eeeeee', '#d9d9d9') + stonewareMug('#404347', '#202225'),
  ),
  'work-jacket-navy.jpg': svg(backdrop('#eef0f4', '#d9dee8') + workJacket(JACKET_NAVY)),
  'work-jacket-clay.jpg': svg(backdrop('#f4eee9', '#e6d9cf') + workJacket(JACKET_CLAY)),
  'linen-napkins.jpg': svg(backdrop('#eef0ea', '#dde2d6') + linenNapkins()),
  'monogram-handkerchief.jpg': svg(backdrop('#e9edf2', '#d3dbe4') + monogramHandkerchief()),
  'shirt-pattern.jpg': svg(backdrop('#e6e9ec', '#d2d7dc') + shirtPattern()),
  'mending-session.jpg': svg(backdrop('#f2ede6', '#e3d9cc') + mendingSession()),
  'gift-card.jpg': svg(backdrop('#f3efe7', '#e4dccd') + giftCard()),
  'tea-of-the-month.jpg': svg(backdrop('#eef0e8', '#dbe0d0') + teaTin()),
};

await mkdir(OUT_DIR, { recursive: true });
for (const [name, drawing] of Object.entries(IMAGES)) {
  const jpeg = await sharp(Buffer.from(drawing))
    .jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toBuffer();
  await writeFile(path.join(OUT_DIR, name), jpeg);
  console.log(`${name}: ${WIDTH} × ${HEIGHT}, ${Math.round(jpeg.length / 1024)} KB`);
}
