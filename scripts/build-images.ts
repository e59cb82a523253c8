/**
 * Renders the hand-made SVG illustrations in images-src/ into the responsive
 * raster assets under public/. Deterministic and idempotent: every run
 * overwrites the same set of outputs with the same bytes.
 *
 * Usage: npm run images
 */
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type AvifOptions, type PngOptions, type WebpOptions } from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'images-src');
const publicDir = path.join(root, 'public');
const imagesDir = path.join(publicDir, 'images');
const servicesDir = path.join(imagesDir, 'services');

const AVIF: AvifOptions = { quality: 50, effort: 6, chromaSubsampling: '4:2:0' };
const WEBP: WebpOptions = { quality: 75, effort: 6, smartSubsample: true };
const PNG: PngOptions = { compressionLevel: 9, adaptiveFiltering: true, palette: false };

const BANNERS = ['therapist', 'mental-health', 'cbt'];
const BANNER_WIDTHS = [480, 800, 1200, 1600];
const PORTRAIT_WIDTHS = [320, 480, 800];
const SERVICES = ['individual', 'couples', 'family', 'anxiety', 'grief', 'online'];

sharp.cache(false);
sharp.concurrency(1);

/** Output files written by this run, in order. */
const written: string[] = [];

const svgCache = new Map<string, Buffer>();
async function readSvg(name: string): Promise<Buffer> {
  let svg = svgCache.get(name);
  if (!svg) {
    svg = await readFile(path.join(srcDir, name));
    svgCache.set(name, svg);
  }
  return svg;
}

/**
 * Rasterises an SVG so that its intrinsic size maps to at least the target
 * width (density scaling keeps vector edges crisp), then resizes exactly.
 */
async function rasterise(
  name: string,
  width: number,
  height: number,
  { intrinsicWidth, background }: { intrinsicWidth: number; background?: string },
): Promise<Buffer> {
  const svg = await readSvg(name);
  const density = Math.max(72, Math.ceil((72 * width) / intrinsicWidth));
  let img = sharp(svg, { density }).resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  if (background) img = img.flatten({ background });
  // Return a lossless intermediate so every encoder starts from the same pixels.
  return img.png().toBuffer();
}

async function write(buffer: Buffer, format: 'avif' | 'webp' | 'png', file: string) {
  let img = sharp(buffer);
  if (format === 'avif') img = img.avif(AVIF);
  else if (format === 'webp') img = img.webp(WEBP);
  else if (format === 'png') img = img.png(PNG);
  else throw new Error(`Unknown format ${format}`);
  await img.toFile(file);
  written.push(file);
}

async function buildBanners() {
  for (const name of BANNERS) {
    const source = `banner-${name}.svg`;
    for (const w of BANNER_WIDTHS) {
      const h = Math.round(w * 0.4);
      const pixels = await rasterise(source, w, h, { intrinsicWidth: 1600 });
      for (const format of ['avif', 'webp'] as const) {
        await write(pixels, format, path.join(imagesDir, `banner-${name}-${w}.${format}`));
      }
    }
  }
}

async function buildPortrait() {
  for (const w of PORTRAIT_WIDTHS) {
    const h = Math.round(w * 1.25);
    const pixels = await rasterise('about-portrait.svg', w, h, { intrinsicWidth: 800 });
    for (const format of ['avif', 'webp'] as const) {
      await write(pixels, format, path.join(imagesDir, `about-portrait-${w}.${format}`));
    }
  }
}

async function buildServices() {
  for (const name of SERVICES) {
    const pixels = await rasterise(`service-${name}.svg`, 640, 400, { intrinsicWidth: 800 });
    for (const format of ['webp', 'avif'] as const) {
      await write(pixels, format, path.join(servicesDir, `${name}.${format}`));
    }
  }
}

async function buildSocialAndIcons() {
  const og = await rasterise('og-image.svg', 1200, 630, { intrinsicWidth: 1200 });
  await write(og, 'png', path.join(imagesDir, 'og-image.png'));

  const faviconOut = path.join(publicDir, 'favicon.svg');
  await copyFile(path.join(srcDir, 'favicon.svg'), faviconOut);
  written.push(faviconOut);

  // Apple touch icon: the mark at 140px centred on a white 180px square
  // (iOS adds its own rounded corners; transparency would turn black).
  const mark = await rasterise('favicon.svg', 140, 140, {
    intrinsicWidth: 32,
    background: '#ffffff',
  });
  const icon = await sharp(mark)
    .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
    .png()
    .toBuffer();
  await write(icon, 'png', path.join(publicDir, 'apple-touch-icon.png'));
}

async function report() {
  const rows: [file: string, dims: string, size: number][] = [];
  let total = 0;
  for (const file of written) {
    const { size } = await stat(file);
    let dims: string;
    if (file.endsWith('.svg')) {
      dims = 'vector';
    } else {
      const meta = await sharp(file).metadata();
      dims = `${meta.width}x${meta.height}`;
    }
    total += size;
    rows.push([path.relative(root, file), dims, size]);
  }
  const w0 = Math.max(...rows.map((r) => r[0].length), 4);
  const w1 = Math.max(...rows.map((r) => r[1].length), 6);
  const fmt = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(9);
  console.log(
    `${'File'.padEnd(w0)}  ${'Pixels'.padEnd(w1)}  ${'Bytes'.padStart(7)}  ${'Size'.padStart(9)}`,
  );
  console.log(`${'-'.repeat(w0)}  ${'-'.repeat(w1)}  ${'-'.repeat(7)}  ${'-'.repeat(9)}`);
  for (const [file, dims, size] of rows) {
    console.log(
      `${file.padEnd(w0)}  ${dims.padEnd(w1)}  ${String(size).padStart(7)}  ${fmt(size)}`,
    );
  }
  console.log(`${rows.length} files, ${total} bytes (${(total / 1024).toFixed(1)} kB) in total`);
}

await mkdir(servicesDir, { recursive: true });
await buildBanners();
await buildPortrait();
await buildServices();
await buildSocialAndIcons();
await report();
