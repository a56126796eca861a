// The trainer's photo for the landing page: from the source image the owner drops into shared/images/, the build makes
// AVIF, WebP and a JPEG fallback at 1x and 2x of its displayed size, with sharp (libvips), named by their content.
// Given a cache folder (npm run dev's), a source already encoded by this same recipe is copied from there instead.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { PHOTO_FORMATS, type PhotoFormat, type ResponsivePhoto } from '../../shared/components/responsivePhoto.ts';

export const PHOTO_DIR = 'shared/images';
/** The owner's photo: trainer.jpg (or .jpeg, .png, .webp, .avif). Without one, the placeholder that says it is one. */
const OWNER_PHOTO = /^trainer\.(jpe?g|png|webp|avif)$/i;
export const PLACEHOLDER_PHOTO = 'trainer-placeholder.png';
/** The portrait's largest displayed size, in CSS pixels (shared/styles/sections.css, .trainer__portrait). */
export const PORTRAIT_SIZE = 220;
const DENSITIES = [1, 2] as const;

/** Photographs at these settings keep faces sharp at a fraction of a plain JPEG's bytes. */
const ENCODERS: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55 }),
  webp: (image) => image.webp({ quality: 80 }),
  jpeg: (image) => image.jpeg({ quality: 80, mozjpeg: true }),
};

/** The owner's photo if there is one, else the placeholder; two photos of the owner's are one too many to guess from. */
async function sourcePhoto(dir: string): Promise<{ file: string; placeholder: boolean }> {
  const owners = (await readdir(dir)).filter((name) => OWNER_PHOTO.test(name)).sort();
  if (owners.length > 1) throw new Error(`${dir} has ${owners.join(' and ')}: keep one photo of the trainer`);
  const [owner] = owners;
  return owner ? { file: path.join(dir, owner), placeholder: false } : { file: path.join(dir, PLACEHOLDER_PHOTO), placeholder: true };
}

/** Each format's file names in the assets folder, at 1x and 2x. */
type PhotoFiles = Record<PhotoFormat, readonly [string, string]>;
const CACHE_INDEX = 'files.json';

/** The cache's folder for this source encoded by this recipe (this file): a change to either is a new folder. */
async function cacheFolder(cacheDir: string, source: string): Promise<string> {
  const key = createHash('sha256')
    .update(await readFile(source))
    .update(await readFile(import.meta.filename))
    .digest('hex')
    .slice(0, 16);
  return path.join(cacheDir, key);
}

/** The files the cache keeps for this source, copied into `assetsDir`; null when it was never encoded there. */
async function fromCache(folder: string, assetsDir: string): Promise<PhotoFiles | null> {
  let files: PhotoFiles;
  try {
    files = JSON.parse(await readFile(path.join(folder, CACHE_INDEX), 'utf8')) as PhotoFiles;
  } catch {
    return null;
  }
  for (const name of Object.values(files).flat()) await copyFile(path.join(folder, name), path.join(assetsDir, name));
  return files;
}

/** Keeps the files just written in `assetsDir`, the index last: a cache folder without one is never read. */
async function toCache(folder: string, assetsDir: string, files: PhotoFiles): Promise<void> {
  await mkdir(folder, { recursive: true });
  for (const name of Object.values(files).flat()) await copyFile(path.join(assetsDir, name), path.join(folder, name));
  await writeFile(path.join(folder, CACHE_INDEX), JSON.stringify(files));
}

/** Encodes every format and density of `file` into `assetsDir`, each named by its content. */
async function encode(file: string, assetsDir: string): Promise<PhotoFiles> {
  // Upright, as a phone's photo is often stored sideways with an orientation tag.
  const upright = sharp(file, { autoOrient: true });
  const { width, height } = (await upright.metadata()).autoOrient;
  const needed = PORTRAIT_SIZE * DENSITIES[1];
  if (Math.min(width, height) < needed) throw new Error(`${file} is ${width}×${height}: the trainer's photo needs at least ${needed} px on each side`);

  /** One format at one density, written under its content's hash; resolves with its file name. */
  const write = async (format: PhotoFormat, density: number): Promise<string> => {
    const size = PORTRAIT_SIZE * density;
    // A square around what draws the eye (a face), on white where the source is transparent.
    const square = upright.clone().resize(size, size, { fit: 'cover', position: sharp.strategy.attention }).flatten({ background: '#ffffff' });
    const bytes = await ENCODERS[format](square).toBuffer();
    const name = `trainer-${size}-${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.${format === 'jpeg' ? 'jpg' : format}`;
    await writeFile(path.join(assetsDir, name), bytes);
    return name;
  };
  const files = {} as Record<PhotoFormat, readonly [string, string]>;
  for (const format of PHOTO_FORMATS) files[format] = [await write(format, DENSITIES[0]), await write(format, DENSITIES[1])];
  return files;
}

/**
 * Writes every format and density into `assetsDir` and returns what the page needs to show them. With `cacheDir`, a
 * source this recipe encoded before is copied from there, and a new one is kept there.
 */
export async function buildPortrait(assetsDir: string, urlOf: (file: string) => string, sourceDir = PHOTO_DIR, cacheDir?: string): Promise<ResponsivePhoto> {
  const { file, placeholder } = await sourcePhoto(sourceDir);
  const cached = cacheDir === undefined ? undefined : await cacheFolder(cacheDir, file);
  let files = cached === undefined ? null : await fromCache(cached, assetsDir);
  if (!files) {
    files = await encode(file, assetsDir);
    if (cached !== undefined) await toCache(cached, assetsDir, files);
  }
  const sources = {} as Record<PhotoFormat, readonly [string, string]>;
  for (const format of PHOTO_FORMATS) {
    const [oneX, twoX] = files[format];
    sources[format] = [urlOf(path.join(assetsDir, oneX)), urlOf(path.join(assetsDir, twoX))];
  }
  return { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, sources, placeholder };
}
