import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
// Roboto Mono (Apache-2.0, @fontsource/roboto-mono): monospace like the zone's OCR-B, and shipped on npm.
GlobalFonts.registerFromPath(require.resolve('@fontsource/roboto-mono/files/roboto-mono-latin-400-normal.woff2'), 'ZoneMono');

/** ICAO Doc 9303 part 4's specimen passport zone. */
export const SPECIMEN_TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

export interface PageOptions {
  /** Quarter turns clockwise of the whole page, as a phone photo taken sideways. */
  rotate?: 0 | 90 | 180 | 270;
  /** Fraction of pixels turned to random grey speckle, plus a slight blur of the print. */
  noise?: number;
  format?: 'png' | 'jpeg';
  /** Some printed lines above the zone, as the data page has. */
  printed?: string[];
}

/** A document page drawn at test time: a few printed lines and the zone at the bottom in a monospace font. */
export function documentImage(zone: readonly string[], o: PageOptions = {}): Buffer {
  const W = 1100;
  const H = 700;
  const page = createCanvas(W, H);
  const x = page.getContext('2d');
  x.fillStyle = '#f3efe4';
  x.fillRect(0, 0, W, H);
  x.fillStyle = '#d9d2c0';
  x.fillRect(50, 90, 220, 280); // where the photo would be
  x.fillStyle = '#303030';
  x.font = '24px sans-serif';
  (o.printed ?? ['PASSPORT  PASSEPORT', 'Surname / Nom  ERIKSSON', 'Given names / Prénoms  ANNA MARIA', 'Date of birth  12 AUG 1974']).forEach((t, i) =>
    x.fillText(t, 320, 120 + i * 50),
  );
  const size = zone[0].length > 40 ? 30 : zone[0].length > 32 ? 36 : 40;
  x.fillStyle = '#000';
  x.font = `${size}px ZoneMono`;
  zone.forEach((line, i) => x.fillText(line, 40, H - 40 - (zone.length - 1 - i) * (size * 1.5)));
  if (o.noise) speckle(x, W, H, o.noise);
  const turns = (o.rotate ?? 0) / 90;
  const out = createCanvas(turns % 2 ? H : W, turns % 2 ? W : H);
  const y = out.getContext('2d');
  y.translate(out.width / 2, out.height / 2);
  y.rotate((turns * Math.PI) / 2);
  y.drawImage(page, -W / 2, -H / 2);
  return o.format === 'jpeg' ? out.toBuffer('image/jpeg', 85) : out.toBuffer('image/png');
}

// Deterministic, so a test that passes once passes every time.
function speckle(x: SKRSContext2D, w: number, h: number, fraction: number) {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const img = x.getImageData(0, 0, w, h);
  for (let i = 0; i < w * h * fraction; i++) {
    const p = Math.floor(rnd() * w * h) * 4;
    const v = Math.floor(rnd() * 255);
    img.data[p] = img.data[p + 1] = img.data[p + 2] = v;
  }
  x.putImageData(img, 0, 0);
}

/** A plain white page: nothing to read. */
export function blankImage(): Buffer {
  const c = createCanvas(800, 500);
  const x = c.getContext('2d');
  x.fillStyle = '#fff';
  x.fillRect(0, 0, 800, 500);
  return c.toBuffer('image/png');
}

/** Something like a holiday photo: gradients and shapes, no text. */
export function photoLikeImage(): Buffer {
  const c = createCanvas(900, 600);
  const x = c.getContext('2d');
  const sky = x.createLinearGradient(0, 0, 0, 600);
  sky.addColorStop(0, '#6fa8dc');
  sky.addColorStop(1, '#f6d7a7');
  x.fillStyle = sky;
  x.fillRect(0, 0, 900, 600);
  x.fillStyle = '#2e5c1e';
  x.beginPath();
  x.moveTo(0, 450);
  x.bezierCurveTo(200, 300, 500, 520, 900, 380);
  x.lineTo(900, 600);
  x.lineTo(0, 600);
  x.fill();
  x.fillStyle = '#ffd966';
  x.beginPath();
  x.arc(700, 120, 60, 0, Math.PI * 2);
  x.fill();
  return c.toBuffer('image/jpeg', 80);
}
