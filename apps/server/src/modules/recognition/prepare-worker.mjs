// Image preparation for OCR, in a worker thread: decoding a 10 MB photo in JavaScript takes a second or more and
// must not stall the server's other requests. Plain JavaScript, so it runs the same under tsx, vitest and node.
import { parentPort } from 'node:worker_threads';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** Past this, a small file is a decompression bomb rather than a photo (a 48 MP phone camera is the largest seen). */
const MAX_MEGAPIXELS = 50;
/** Characters of a passport's zone photographed whole are 25-60 px tall at these sizes: tesseract's best range. */
const MAX_SIDE = 2000;
const MIN_SIDE = 1100;

function decode(bytes) {
  if (bytes[0] === 0x89) {
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    if ((width * height) / 1e6 > MAX_MEGAPIXELS) throw new Error('too many pixels');
    const png = PNG.sync.read(bytes);
    return { width: png.width, height: png.height, rgba: png.data };
  }
  const img = jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 1024 });
  return { width: img.width, height: img.height, rgba: img.data };
}

/** Luminance, resampled (box filter down, bilinear up) so the longer side falls between MIN_SIDE and MAX_SIDE. */
function grey({ width, height, rgba }) {
  const longer = Math.max(width, height);
  const scale = longer > MAX_SIDE ? MAX_SIDE / longer : longer < MIN_SIDE ? MIN_SIDE / longer : 1;
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const lum = new Float32Array(width * height);
  for (let i = 0, p = 0; i < lum.length; i++, p += 4) lum[i] = 0.299 * rgba[p] + 0.587 * rgba[p + 1] + 0.114 * rgba[p + 2];
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v;
      if (scale < 1) {
        const x0 = Math.floor(x / scale), x1 = Math.min(width, Math.floor((x + 1) / scale));
        const y0 = Math.floor(y / scale), y1 = Math.min(height, Math.floor((y + 1) / scale));
        let sum = 0, n = 0;
        for (let yy = y0; yy < Math.max(y1, y0 + 1); yy++) for (let xx = x0; xx < Math.max(x1, x0 + 1); xx++) { sum += lum[yy * width + xx]; n++; }
        v = sum / n;
      } else {
        const sx = Math.min(width - 1, x / scale), sy = Math.min(height - 1, y / scale);
        const xi = Math.floor(sx), yi = Math.floor(sy), fx = sx - xi, fy = sy - yi;
        const xj = Math.min(width - 1, xi + 1), yj = Math.min(height - 1, yi + 1);
        v = (lum[yi * width + xi] * (1 - fx) + lum[yi * width + xj] * fx) * (1 - fy) + (lum[yj * width + xi] * (1 - fx) + lum[yj * width + xj] * fx) * fy;
      }
      out[y * w + x] = v;
    }
  }
  return { width: w, height: h, data: stretch(median(out, w, h)) };
}

/** 3x3 median: removes scanner dust and photo grain that tesseract would read as stray characters, keeps edges. */
function median(src, w, h) {
  const out = new Uint8Array(src.length);
  const win = new Uint8Array(9);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = Math.min(h - 1, Math.max(0, y + dy)) * w;
        for (let dx = -1; dx <= 1; dx++) win[n++] = src[yy + Math.min(w - 1, Math.max(0, x + dx))];
      }
      win.sort();
      out[y * w + x] = win[4];
    }
  }
  return out;
}

/** Contrast: the darkest 1% to black and the lightest 1% to white, so a dim photo's print reads as a scan's. */
function stretch(data) {
  const hist = new Uint32Array(256);
  for (const v of data) hist[v]++;
  const cut = data.length * 0.01;
  let lo = 0, hi = 255, acc = 0;
  while (lo < 255 && (acc += hist[lo]) < cut) lo++;
  acc = 0;
  while (hi > 0 && (acc += hist[hi]) < cut) hi--;
  if (hi - lo < 16) return data;
  const k = 255 / (hi - lo);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, (data[i] - lo) * k));
  return data;
}

/** Quarter turns clockwise. */
function rotate({ width, height, data }, degrees) {
  if (degrees % 360 === 0) return { width, height, data };
  const turns = ((degrees / 90) % 4 + 4) % 4;
  const w = turns % 2 ? height : width, h = turns % 2 ? width : height;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [nx, ny] = turns === 1 ? [height - 1 - y, x] : turns === 2 ? [width - 1 - x, height - 1 - y] : [y, width - 1 - x];
      out[ny * w + nx] = data[y * width + x];
    }
  }
  return { width: w, height: h, data: out };
}

function encode({ width, height, data }) {
  const png = new PNG({ width, height, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  png.data = Buffer.from(data.buffer, data.byteOffset, data.length);
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}

parentPort.on('message', ({ id, bytes, rotations }) => {
  try {
    const image = grey(decode(Buffer.from(bytes)));
    const images = rotations.map((r) => encode(rotate(image, r)));
    parentPort.postMessage({ id, images });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
