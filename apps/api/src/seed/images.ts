import sharp from 'sharp';

/**
 * Demo pictures for the seeded catalogue, drawn as SVG scenes and rendered by sharp (nothing is downloaded):
 * exteriors (city tower, beach resort, pool villa, hill cottage, mountain cabin) and room interiors.
 * Every picture comes from a small seeded random generator, so a seed always draws the same images.
 */

/** Drawing units of every scene. */
export const SCENE_W = 1200;
export const SCENE_H = 800;
/** Rendered pixel size: the gallery never shows a demo picture wider than this, and rendering stays fast. */
export const RENDER_W = 960;
export const RENDER_H = 640;
const svgOpen = `<svg xmlns="http://www.w3.org/2000/svg" width="${RENDER_W}" height="${RENDER_H}" viewBox="0 0 ${SCENE_W} ${SCENE_H}">`;

export type ExteriorKind = 'city' | 'beach' | 'villa' | 'hills' | 'mountain';
export type TimeOfDay = 'day' | 'golden' | 'dusk' | 'night';

/** A small deterministic random generator (mulberry32). */
export function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Rng = ReturnType<typeof randomFrom>;

const SKIES: Record<TimeOfDay, { top: string; bottom: string; sun: string; light: boolean }> = {
  day: { top: '#4a9fe0', bottom: '#d9f0ff', sun: '#fff6d5', light: true },
  golden: { top: '#f2a65a', bottom: '#ffe3b3', sun: '#fff1c1', light: true },
  dusk: { top: '#27325f', bottom: '#f08a5d', sun: '#ffc48a', light: false },
  night: { top: '#071330', bottom: '#2e4372', sun: '#f4f1de', light: false },
};

const f = (n: number) => n.toFixed(1);

function sky(t: TimeOfDay, rng: Rng): string {
  const s = SKIES[t];
  const sunX = rng.between(150, 1050);
  const sunY = t === 'day' ? rng.between(90, 180) : rng.between(220, 330);
  const clouds =
    t === 'night'
      ? Array.from(
          { length: 30 },
          () =>
            `<circle cx="${f(rng.between(0, SCENE_W))}" cy="${f(rng.between(0, 380))}" r="${f(rng.between(0.8, 2.2))}" fill="#fff" opacity="${f(rng.between(0.4, 0.95))}"/>`,
        ).join('')
      : Array.from({ length: rng.int(3, 6) }, () => {
          const x = rng.between(0, SCENE_W);
          const y = rng.between(60, 300);
          const w = rng.between(70, 160);
          const o = t === 'day' ? 0.85 : 0.45;
          return `<g fill="#fff" opacity="${o}"><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w)}" ry="${f(w * 0.22)}"/><ellipse cx="${f(x - w * 0.3)}" cy="${f(y - w * 0.12)}" rx="${f(w * 0.45)}" ry="${f(w * 0.25)}"/><ellipse cx="${f(x + w * 0.25)}" cy="${f(y - w * 0.16)}" rx="${f(w * 0.4)}" ry="${f(w * 0.28)}"/></g>`;
        }).join('');
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.top}"/><stop offset="1" stop-color="${s.bottom}"/></linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="${s.sun}"/><stop offset="0.35" stop-color="${s.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${s.sun}" stop-opacity="0"/></radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#bfe3ff"/><stop offset="1" stop-color="#5b8db8"/></linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.light ? '#2c8fc0' : '#1d3557'}"/><stop offset="1" stop-color="${s.light ? '#7fd1de' : '#3d5a80'}"/></linearGradient>
    <linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3d9a4"/><stop offset="1" stop-color="#d9b779"/></linearGradient>
  </defs>
  <rect width="${SCENE_W}" height="${SCENE_H}" fill="url(#sky)"/>
  <circle cx="${f(sunX)}" cy="${f(sunY)}" r="${t === 'day' ? 110 : 150}" fill="url(#sun)"/>
  <circle cx="${f(sunX)}" cy="${f(sunY)}" r="${t === 'night' ? 26 : 38}" fill="${s.sun}"/>
  ${clouds}`;
}

/** Light colour of windows: lit and warm after sunset, sky reflections by day. */
function windowColor(t: TimeOfDay, rng: Rng) {
  if (t === 'day' || t === 'golden') return rng.next() < 0.5 ? '#9cc9ea' : '#7fb0d6';
  return rng.next() < 0.72 ? rng.pick(['#ffd27a', '#ffe3a3', '#ffc65c']) : '#2d3b55';
}

function palm(x: number, ground: number, h: number, rng: Rng, dark: boolean) {
  const lean = rng.between(-60, 60);
  const topX = x + lean;
  const topY = ground - h;
  const trunk = dark ? '#3b2f2a' : '#7a5a3a';
  const leaf = dark ? '#1f3d2b' : rng.pick(['#2f7d32', '#3a8f3e', '#2b6e35']);
  const fronds = Array.from({ length: 7 }, (_, i) => {
    const a = (i / 7) * Math.PI * 2 + rng.between(-0.2, 0.2);
    const len = rng.between(h * 0.32, h * 0.45);
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.55 + len * 0.25;
    const cx = topX + Math.cos(a) * len * 0.5;
    const cy = topY + Math.sin(a) * len * 0.3 - len * 0.15;
    return `<path d="M${f(topX)} ${f(topY)} Q${f(cx)} ${f(cy)} ${f(ex)} ${f(ey)}" stroke="${leaf}" stroke-width="${f(h * 0.05)}" stroke-linecap="round" fill="none"/>`;
  }).join('');
  return `<path d="M${f(x - 7)} ${f(ground)} Q${f(x + lean * 0.2)} ${f(ground - h * 0.5)} ${f(topX - 3)} ${f(topY)} L${f(topX + 4)} ${f(topY)} Q${f(x + lean * 0.25 + 8)} ${f(ground - h * 0.5)} ${f(x + 8)} ${f(ground)} Z" fill="${trunk}"/>${fronds}<circle cx="${f(topX)}" cy="${f(topY + 4)}" r="${f(h * 0.03)}" fill="#5b4636"/>`;
}

function pine(x: number, ground: number, h: number, color: string, snow = false) {
  const w = h * 0.42;
  const tiers = [0, 1, 2]
    .map((i) => {
      const top = ground - h + i * h * 0.24;
      const base = top + h * 0.42;
      const half = w * (0.55 + i * 0.22);
      const cap = snow
        ? `<path d="M${f(x)} ${f(top)} L${f(x - half * 0.35)} ${f(top + h * 0.13)} L${f(x + half * 0.35)} ${f(top + h * 0.13)} Z" fill="#f4f7fb"/>`
        : '';
      return `<path d="M${f(x)} ${f(top)} L${f(x - half)} ${f(base)} L${f(x + half)} ${f(base)} Z" fill="${color}"/>${cap}`;
    })
    .join('');
  return `<rect x="${f(x - h * 0.04)}" y="${f(ground - h * 0.2)}" width="${f(h * 0.08)}" height="${f(h * 0.2)}" fill="#4a3424"/>${tiers}`;
}

function roundTree(x: number, ground: number, h: number, color: string) {
  return `<rect x="${f(x - 5)}" y="${f(ground - h * 0.45)}" width="10" height="${f(h * 0.45)}" fill="#5a4030"/><circle cx="${f(x)}" cy="${f(ground - h * 0.62)}" r="${f(h * 0.3)}" fill="${color}"/><circle cx="${f(x - h * 0.18)}" cy="${f(ground - h * 0.5)}" r="${f(h * 0.22)}" fill="${color}"/><circle cx="${f(x + h * 0.18)}" cy="${f(ground - h * 0.52)}" r="${f(h * 0.2)}" fill="${color}"/>`;
}

function windowGrid(x: number, y: number, cols: number, rows: number, w: number, h: number, gap: number, t: TimeOfDay, rng: Rng) {
  let out = '';
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      out += `<rect x="${f(x + c * (w + gap))}" y="${f(y + r * (h + gap))}" width="${f(w)}" height="${f(h)}" rx="2" fill="${windowColor(t, rng)}"/>`;
  return out;
}

function cityScene(t: TimeOfDay, rng: Rng) {
  const dark = !SKIES[t].light;
  const ground = 650;
  const skyline = Array.from({ length: 14 }, (_, i) => {
    const w = rng.between(60, 120);
    const h = rng.between(140, 330);
    const x = i * 90 - 30 + rng.between(-20, 20);
    return `<rect x="${f(x)}" y="${f(ground - h)}" width="${f(w)}" height="${f(h)}" fill="${dark ? '#1c2541' : '#8fa9c4'}" opacity="0.75"/>`;
  }).join('');
  const tw = rng.between(300, 380);
  const tx = rng.between(380, 820 - tw / 2);
  const top = rng.between(110, 170);
  const facade = rng.pick(dark ? ['#3a4a6b', '#4b3f5c', '#2f4858'] : ['#e9e3d8', '#d8dee6', '#efe6d2', '#c9d6df']);
  const cols = 7;
  const rows = Math.floor((ground - top - 150) / 42);
  const ww = (tw - 50 - (cols - 1) * 12) / cols;
  const wing = `<rect x="${f(tx + tw - 20)}" y="${f(top + 180)}" width="${f(200)}" height="${f(ground - top - 180)}" fill="${facade}"/><rect x="${f(tx + tw - 20)}" y="${f(top + 180)}" width="200" height="${f(ground - top - 180)}" fill="url(#shade)"/>${windowGrid(tx + tw, top + 205, 4, Math.floor((ground - top - 260) / 42), 32, 26, 14, t, rng)}`;
  const tower = `<rect x="${f(tx)}" y="${f(top)}" width="${f(tw)}" height="${f(ground - top)}" fill="${facade}"/><rect x="${f(tx)}" y="${f(top - 18)}" width="${f(tw)}" height="22" fill="${dark ? '#222b40' : '#9aa7b4'}"/>${windowGrid(tx + 25, top + 25, cols, rows, ww, 28, 12, t, rng)}<rect x="${f(tx + tw / 2 - 70)}" y="${ground - 85}" width="140" height="85" fill="${dark ? '#ffdca0' : '#5d7a93'}"/><rect x="${f(tx + tw / 2 - 110)}" y="${ground - 98}" width="220" height="16" rx="4" fill="${rng.pick(['#8c2f39', '#264653', '#6b4226'])}"/>`;
  const road = `<rect y="${ground}" width="${SCENE_W}" height="${SCENE_H - ground}" fill="${dark ? '#2b2d36' : '#8d8f94'}"/><rect y="${ground}" width="${SCENE_W}" height="22" fill="${dark ? '#44464f' : '#c9c6bd'}"/>${Array.from({ length: 8 }, (_, i) => `<rect x="${i * 160 + 20}" y="${ground + 85}" width="80" height="8" fill="#e8e3d3" opacity="0.8"/>`).join('')}`;
  const trees = Array.from({ length: 6 }, (_, i) =>
    roundTree(i * 220 + rng.between(20, 90), ground + 12, rng.between(90, 130), dark ? '#1e3a2b' : '#3f8a4a'),
  ).join('');
  return `${skyline}${wing}${tower}${road}${trees}`;
}

function beachScene(t: TimeOfDay, rng: Rng) {
  const dark = !SKIES[t].light;
  const horizon = rng.between(430, 470);
  const waves = Array.from({ length: 9 }, (_, i) => {
    const y = horizon + 20 + i * 16;
    return `<path d="M0 ${f(y)} Q300 ${f(y - 6)} 600 ${f(y)} T1200 ${f(y)}" stroke="#fff" stroke-opacity="${f(0.12 + i * 0.03)}" stroke-width="2" fill="none"/>`;
  }).join('');
  const sea = `<rect y="${f(horizon)}" width="${SCENE_W}" height="${f(SCENE_H - horizon)}" fill="url(#sea)"/>${waves}`;
  const sandTop = horizon + 170;
  const sand = `<path d="M0 ${f(sandTop)} Q400 ${f(sandTop - 40)} 800 ${f(sandTop + 10)} T1200 ${f(sandTop - 10)} V${SCENE_H} H0 Z" fill="url(#sand)"/>`;
  const bx = rng.between(360, 560);
  const wall = rng.pick(['#fbf3e4', '#f4ebe1', '#fff8ec']);
  const roof = rng.pick(['#a4553a', '#8e4a32', '#b3653f']);
  const cottages = Array.from({ length: 3 }, (_, i) => {
    const x = bx + i * 150;
    const y = horizon - 10 - (i === 1 ? 40 : 0);
    return `<rect x="${f(x)}" y="${f(y - 70)}" width="140" height="${f(80 + (i === 1 ? 40 : 0))}" fill="${wall}"/><path d="M${f(x - 15)} ${f(y - 70)} L${f(x + 70)} ${f(y - 135)} L${f(x + 155)} ${f(y - 70)} Z" fill="${roof}"/>${windowGrid(x + 16, y - 52, 3, i === 1 ? 2 : 1, 28, 30, 16, t, rng)}`;
  }).join('');
  const palms = Array.from({ length: rng.int(3, 5) }, (_, i) =>
    palm(
      i % 2 ? rng.between(900, 1150) : rng.between(40, 300),
      rng.between(sandTop + 20, SCENE_H - 40),
      rng.between(260, 380),
      rng,
      dark,
    ),
  ).join('');
  const loungers = Array.from({ length: 3 }, (_, i) => {
    const x = 480 + i * 120;
    const y = SCENE_H - 90;
    return `<path d="M${x} ${y} l70 0 l25 -30" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M${x + 35} ${y - 90} l0 90" stroke="#6b4f3a" stroke-width="5"/><path d="M${x - 20} ${y - 88} Q${x + 35} ${y - 130} ${x + 90} ${y - 88} Z" fill="${rng.pick(['#e63946', '#f4a261', '#2a9d8f', '#e9c46a'])}"/>`;
  }).join('');
  return `${sea}${cottages}${sand}${loungers}${palms}`;
}

function villaScene(t: TimeOfDay, rng: Rng) {
  const dark = !SKIES[t].light;
  const ground = 560;
  const hills = `<path d="M0 ${ground - 120} Q300 ${ground - 230} 600 ${ground - 140} T1200 ${ground - 150} V${ground} H0 Z" fill="${dark ? '#1e3a34' : '#6fa86a'}" opacity="0.8"/>`;
  const lawn = `<rect y="${ground}" width="${SCENE_W}" height="${SCENE_H - ground}" fill="${dark ? '#1f3b2a' : '#7cb36b'}"/>`;
  const vx = rng.between(250, 420);
  const wall = rng.pick(['#fdfbf7', '#f2efe9', '#efe7da']);
  const villa = `<rect x="${f(vx)}" y="${ground - 190}" width="560" height="190" fill="${wall}"/><rect x="${f(vx + 40)}" y="${ground - 300}" width="340" height="115" fill="${wall}"/><rect x="${f(vx - 20)}" y="${ground - 200}" width="600" height="14" fill="${dark ? '#555' : '#3d3d3d'}"/><rect x="${f(vx + 25)}" y="${ground - 312}" width="370" height="14" fill="${dark ? '#555' : '#3d3d3d'}"/><rect x="${f(vx + 40)}" y="${ground - 300}" width="340" height="115" fill="url(#shade)" opacity="0.5"/><rect x="${f(vx + 30)}" y="${ground - 165}" width="250" height="150" fill="${dark ? '#ffd889' : 'url(#glass)'}"/><rect x="${f(vx + 320)}" y="${ground - 165}" width="200" height="150" fill="${dark ? '#ffcf70' : 'url(#glass)'}"/><rect x="${f(vx + 70)}" y="${ground - 280}" width="260" height="80" fill="${dark ? '#ffe1a6' : 'url(#glass)'}"/>${[0, 1, 2, 3].map((i) => `<rect x="${f(vx + 30 + i * 62)}" y="${ground - 165}" width="4" height="150" fill="#444"/>`).join('')}`;
  const pool = `<path d="M${f(vx - 120)} ${ground + 40} L${f(vx + 620)} ${ground + 40} L${f(vx + 700)} ${ground + 150} L${f(vx - 180)} ${ground + 150} Z" fill="#e8e2d6"/><path d="M${f(vx - 90)} ${ground + 55} L${f(vx + 600)} ${ground + 55} L${f(vx + 665)} ${ground + 135} L${f(vx - 140)} ${ground + 135} Z" fill="${dark ? '#2a6f97' : '#4cc9f0'}"/>${Array.from({ length: 5 }, (_, i) => `<path d="M${f(vx - 40 + i * 130)} ${ground + 80 + (i % 2) * 25} q30 -8 60 0" stroke="#fff" stroke-opacity="0.6" stroke-width="3" fill="none"/>`).join('')}`;
  const plants = Array.from({ length: 3 }, () =>
    palm(
      rng.pick([rng.between(40, 200), rng.between(1000, 1160)]),
      rng.between(ground + 40, ground + 120),
      rng.between(230, 320),
      rng,
      dark,
    ),
  ).join('');
  const hedge = Array.from(
    { length: 12 },
    (_, i) =>
      `<circle cx="${i * 105 + 20}" cy="${SCENE_H - 20}" r="${f(rng.between(45, 65))}" fill="${dark ? '#173224' : '#4d8b4a'}"/>`,
  ).join('');
  return `${hills}${lawn}${villa}${pool}${plants}${hedge}`;
}

function hillsScene(t: TimeOfDay, rng: Rng) {
  const dark = !SKIES[t].light;
  const greens = dark ? ['#24423a', '#1c352e', '#142821'] : ['#8bbf7a', '#5f9e5a', '#3f7d45'];
  const layers = greens
    .map((g, i) => {
      const y = 380 + i * 90;
      return `<path d="M0 ${f(y + rng.between(-30, 30))} Q${f(rng.between(200, 400))} ${f(y - rng.between(60, 120))} 600 ${f(y + rng.between(-20, 20))} T1200 ${f(y - rng.between(0, 50))} V${SCENE_H} H0 Z" fill="${g}"/>`;
    })
    .join('');
  const tea = dark
    ? ''
    : Array.from(
        { length: 7 },
        (_, i) =>
          `<path d="M0 ${640 + i * 24} Q600 ${610 + i * 24} 1200 ${650 + i * 24}" stroke="#2f6b3a" stroke-opacity="0.35" stroke-width="6" fill="none"/>`,
      ).join('');
  const cx = rng.between(420, 640);
  const cy = 600;
  const wall = rng.pick(['#f3e9d2', '#efe0c2', '#e8dcc8']);
  const roof = rng.pick(['#9b2c2c', '#7b3b2a', '#4a5d73']);
  const cottage = `<rect x="${f(cx)}" y="${cy - 150}" width="300" height="150" fill="${wall}"/><path d="M${f(cx - 30)} ${cy - 145} L${f(cx + 150)} ${cy - 270} L${f(cx + 330)} ${cy - 145} Z" fill="${roof}"/><rect x="${f(cx + 220)}" y="${cy - 260}" width="32" height="70" fill="#6b4a3a"/><rect x="${f(cx + 125)}" y="${cy - 95}" width="55" height="95" fill="#5a3b2a"/><rect x="${f(cx + 30)}" y="${cy - 115}" width="60" height="50" fill="${windowColor(t, rng)}"/><rect x="${f(cx + 215)}" y="${cy - 115}" width="60" height="50" fill="${windowColor(t, rng)}"/><path d="M${f(cx + 60)} ${cy - 115} v50 M${f(cx + 245)} ${cy - 115} v50" stroke="#fff" stroke-width="4"/>`;
  const pines = Array.from({ length: 9 }, (_, i) => {
    const x = i < 4 ? rng.between(10, cx - 60) : rng.between(cx + 360, 1190);
    return pine(x, rng.between(560, 700), rng.between(150, 260), dark ? '#10261c' : rng.pick(['#2f5d3a', '#24513a', '#386b41']));
  }).join('');
  const path = `<path d="M${f(cx + 150)} ${cy} Q${f(cx + 80)} 700 ${f(cx - 40)} ${SCENE_H}" stroke="#cdb38a" stroke-width="38" fill="none"/>`;
  return `${layers}${tea}${path}${cottage}${pines}`;
}

function mountainScene(t: TimeOfDay, rng: Rng) {
  const dark = !SKIES[t].light;
  const peaks = Array.from({ length: 5 }, (_, i) => {
    const x = i * 280 - 80 + rng.between(-40, 40);
    const h = rng.between(260, 380);
    const base = 520;
    const w = rng.between(320, 420);
    const rock = dark ? '#2c3550' : rng.pick(['#6b7b8c', '#5d6d7e', '#7a8696']);
    return `<path d="M${f(x)} ${base} L${f(x + w / 2)} ${f(base - h)} L${f(x + w)} ${base} Z" fill="${rock}"/><path d="M${f(x + w / 2)} ${f(base - h)} L${f(x + w / 2 - w * 0.16)} ${f(base - h * 0.7)} L${f(x + w / 2 - w * 0.04)} ${f(base - h * 0.74)} L${f(x + w / 2 + w * 0.05)} ${f(base - h * 0.66)} L${f(x + w / 2 + w * 0.16)} ${f(base - h * 0.7)} Z" fill="#f5f8fc"/>`;
  }).join('');
  const meadow = `<path d="M0 500 Q600 440 1200 500 V${SCENE_H} H0 Z" fill="${dark ? '#1b2f2a' : '#5e8c5a'}"/><path d="M0 640 Q500 600 1200 660 V${SCENE_H} H0 Z" fill="${dark ? '#14241f' : '#4b7a48'}"/>`;
  const cx = rng.between(420, 640);
  const base = 650;
  const logs = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="${f(cx)}" y="${f(base - 160 + i * 20)}" width="280" height="18" rx="9" fill="${i % 2 ? '#8a5a3b' : '#7a4e33'}"/>`,
  ).join('');
  const cabin = `${logs}<path d="M${f(cx - 40)} ${base - 150} L${f(cx + 140)} ${base - 300} L${f(cx + 320)} ${base - 150} Z" fill="${dark ? '#3a2a22' : '#5b3a29'}"/><path d="M${f(cx - 40)} ${base - 150} L${f(cx + 140)} ${base - 300} L${f(cx + 150)} ${base - 290} L${f(cx - 20)} ${base - 145} Z" fill="#eef3f8" opacity="${t === 'night' ? 0.5 : 0.85}"/><rect x="${f(cx + 110)}" y="${base - 235}" width="60" height="55" fill="${t === 'day' ? '#9cc9ea' : '#ffc65c'}"/><rect x="${f(cx + 30)}" y="${base - 120}" width="60" height="50" fill="${windowColor(t, rng)}"/><rect x="${f(cx + 190)}" y="${base - 120}" width="60" height="50" fill="${windowColor(t, rng)}"/><rect x="${f(cx + 120)}" y="${base - 95}" width="45" height="95" fill="#3e2a1e"/>`;
  const pines = Array.from({ length: 12 }, (_, i) => {
    const x = i < 6 ? rng.between(0, cx - 50) : rng.between(cx + 340, 1200);
    return pine(
      x,
      rng.between(600, 780),
      rng.between(180, 300),
      dark ? '#0f1f1a' : rng.pick(['#234d34', '#1e4430', '#2b5a3b']),
      t !== 'day',
    );
  }).join('');
  return `${peaks}${meadow}${cabin}${pines}`;
}

const SCENES: Record<ExteriorKind, (t: TimeOfDay, rng: Rng) => string> = {
  city: cityScene,
  beach: beachScene,
  villa: villaScene,
  hills: hillsScene,
  mountain: mountainScene,
};

/** SVG of an exterior scene. */
export function exteriorSvg(kind: ExteriorKind, time: TimeOfDay, seed: number): string {
  const rng = randomFrom(seed);
  const skyPart = sky(time, rng);
  return `${svgOpen}${skyPart}${SCENES[kind](time, rng)}</svg>`;
}

const WALLS = ['#efe6da', '#e4ecef', '#f1e4d8', '#e8e2f0', '#dde8dc', '#f3ede2', '#e6dccf', '#dfe6ee'];
const ACCENTS = ['#264653', '#9c3d54', '#2a6f97', '#6a4c93', '#bc6c25', '#386641', '#b5838d', '#1d3557'];
const FLOORS = ['#a47551', '#8b5e3c', '#c19a6b', '#7d5a44', '#b08968'];

/** SVG of a room interior: bed, window with a view, lamp, art, rug and a plant. */
export function interiorSvg(seed: number): string {
  const rng = randomFrom(seed);
  const wall = rng.pick(WALLS);
  const accent = rng.pick(ACCENTS);
  const floor = rng.pick(FLOORS);
  const time = rng.pick<TimeOfDay>(['day', 'day', 'golden', 'golden', 'dusk']);
  const s = SKIES[time];
  const floorY = 560;
  const winLeft = rng.next() < 0.5;
  const wx = winLeft ? rng.between(60, 140) : rng.between(820, 900);
  const view = rng.pick(['sea', 'hills', 'city'] as const);
  const viewArt =
    view === 'sea'
      ? `<rect x="${f(wx)}" y="330" width="260" height="120" fill="url(#isea)"/>`
      : view === 'hills'
        ? `<path d="M${f(wx)} 360 Q${f(wx + 80)} 300 ${f(wx + 150)} 350 T${f(wx + 260)} 330 V450 H${f(wx)} Z" fill="${time === 'night' ? '#1b2f2a' : '#5f9e5a'}"/>`
        : Array.from(
            { length: 6 },
            (_, i) =>
              `<rect x="${f(wx + i * 44)}" y="${f(rng.between(300, 380))}" width="36" height="160" fill="${time === 'night' || time === 'dusk' ? '#1c2541' : '#8fa9c4'}"/>`,
          ).join('');
  const planks = Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M${i * 150 - 100} ${SCENE_H} L${i * 150 + 40} ${floorY}" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>`,
  ).join('');
  const bx = winLeft ? rng.between(430, 520) : rng.between(180, 300);
  const bw = 560;
  const blanket = accent;
  const lampX = bx + bw + 70;
  const night = time === 'night' || time === 'dusk';
  const art = `<rect x="${f(bx + 150)}" y="150" width="260" height="150" fill="#fff" stroke="#5b4636" stroke-width="10"/><path d="M${f(bx + 160)} 290 L${f(bx + 240)} 210 L${f(bx + 300)} 260 L${f(bx + 340)} 225 L${f(bx + 400)} 290 Z" fill="${rng.pick(ACCENTS)}" opacity="0.8"/><circle cx="${f(bx + 350)}" cy="190" r="18" fill="#f4a261"/>`;
  return `${svgOpen}
  <defs>
    <clipPath id="pane"><rect x="${f(wx)}" y="120" width="260" height="340"/></clipPath>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="${wall}" stop-opacity="0.82"/></linearGradient>
    <linearGradient id="isky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.top}"/><stop offset="1" stop-color="${s.bottom}"/></linearGradient>
    <linearGradient id="isea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.light ? '#2c8fc0' : '#1d3557'}"/><stop offset="1" stop-color="${s.light ? '#7fd1de' : '#3d5a80'}"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor}"/><stop offset="1" stop-color="#3b2a1e"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#ffe8a8" stop-opacity="${night ? 0.85 : 0.45}"/><stop offset="1" stop-color="#ffe8a8" stop-opacity="0"/></radialGradient>
    <linearGradient id="sheet" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#dcdcdc"/></linearGradient>
  </defs>
  <rect width="${SCENE_W}" height="${floorY}" fill="${night ? '#000' : '#fff'}"/>
  <rect width="${SCENE_W}" height="${floorY}" fill="url(#wall)" opacity="${night ? 0.88 : 1}"/>
  <rect y="${floorY}" width="${SCENE_W}" height="${SCENE_H - floorY}" fill="url(#floor)"/>${planks}
  <rect y="${floorY - 12}" width="${SCENE_W}" height="12" fill="#fff" opacity="0.7"/>
  <rect x="${f(wx - 12)}" y="108" width="284" height="364" fill="#f7f3ec"/>
  <rect x="${f(wx)}" y="120" width="260" height="340" fill="url(#isky)"/><g clip-path="url(#pane)">${viewArt}</g>
  <path d="M${f(wx + 130)} 120 V460 M${f(wx)} 290 H${f(wx + 260)}" stroke="#f7f3ec" stroke-width="10"/>
  <path d="M${f(wx - 60)} 90 Q${f(wx - 20)} 300 ${f(wx - 50)} ${floorY - 20} L${f(wx + 30)} ${floorY - 20} Q${f(wx + 10)} 300 ${f(wx + 40)} 90 Z" fill="${accent}" opacity="0.85"/>
  <path d="M${f(wx + 220)} 90 Q${f(wx + 250)} 300 ${f(wx + 230)} ${floorY - 20} L${f(wx + 310)} ${floorY - 20} Q${f(wx + 280)} 300 ${f(wx + 320)} 90 Z" fill="${accent}" opacity="0.85"/>
  <rect x="${f(wx - 80)}" y="80" width="420" height="14" rx="7" fill="#6b5846"/>
  ${art}
  <ellipse cx="${f(bx + bw / 2)}" cy="${SCENE_H - 60}" rx="420" ry="60" fill="${rng.pick(['#d8c3a5', '#c9ada7', '#b7c4cf', '#e0c9a6'])}" opacity="0.9"/>
  <rect x="${f(bx - 20)}" y="320" width="${bw + 40}" height="200" rx="18" fill="${rng.pick(['#5b4636', '#7a6250', '#3f4b5b', '#8a7560'])}"/>
  <rect x="${f(bx)}" y="455" width="${bw}" height="150" rx="14" fill="url(#sheet)"/>
  <rect x="${f(bx + 40)}" y="410" width="200" height="70" rx="24" fill="#fff" stroke="#ddd"/>
  <rect x="${f(bx + bw - 240)}" y="410" width="200" height="70" rx="24" fill="#fff" stroke="#ddd"/>
  <path d="M${f(bx - 10)} 520 H${f(bx + bw + 10)} L${f(bx + bw + 30)} 640 H${f(bx - 30)} Z" fill="${blanket}"/>
  <rect x="${f(bx - 30)}" y="630" width="${bw + 60}" height="22" rx="6" fill="${blanket}" opacity="0.7"/>
  <rect x="${f(bx + 60)}" y="500" width="120" height="34" rx="10" fill="${rng.pick(ACCENTS)}" opacity="0.9"/>
  <rect x="${f(lampX - 55)}" y="470" width="110" height="120" rx="6" fill="#6b5846"/>
  <rect x="${f(lampX - 45)}" y="500" width="90" height="6" fill="#4d3e31"/>
  <circle cx="${f(lampX)}" cy="365" r="150" fill="url(#glow)"/>
  <rect x="${f(lampX - 5)}" y="380" width="10" height="90" fill="#3d3d3d"/>
  <path d="M${f(lampX - 45)} 390 L${f(lampX + 45)} 390 L${f(lampX + 30)} 320 L${f(lampX - 30)} 320 Z" fill="#fff1cf"/>
  <rect x="${f(bx - 150)}" y="500" width="90" height="90" rx="8" fill="#6b5846"/>
  <path d="M${f(bx - 125)} 500 l-10 -60 M${f(bx - 105)} 500 l0 -80 M${f(bx - 85)} 500 l12 -64" stroke="#3f7d45" stroke-width="14" stroke-linecap="round"/>
</svg>`;
}

/** Renders an SVG scene to a JPEG, as a camera or an upload would deliver it. */
export function renderJpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 88, mozjpeg: false }).toBuffer();
}
