// The trainer's photo for the landing page: from the source image the owner drops into shared/images/, the build makes
// AVIF, WebP and a JPEG fallback at 1x and 2x of its displayed size, with sharp (libvips), named by their content.
import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
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

/** Writes every format and density into `assetsDir` and returns what the page needs to show them. */
export async function buildPortrait(assetsDir: string, urlOf: (file: string) => string, sourceDir = PHOTO_DIR): Promise<ResponsivePhoto> {
  const { file, placeholder } = await sourcePhoto(sourceDir);
  // Upright, as a phone's photo is often stored sideways with an orientation tag.
  const upright = sharp(file, { autoOrient: true });
  const { width, height } = (await upright.metadata()).autoOrient;
  const needed = PORTRAIT_SIZE * DENSITIES[1];
  if (Math.min(width, height) < needed) throw new Error(`${file} is ${width}×${height}: the trainer's photo needs at least ${needed} px on each side`);

  /** One format at one density, written under its content's hash; resolves with its URL. */
  const write = async (format: PhotoFormat, density: number): Promise<string> => {
    const size = PORTRAIT_SIZE * density;
    // A square around what draws the eye (a face), on white where the source is transparent.
    const square = upright.clone().resize(size, size, { fit: 'cover', position: sharp.strategy.attention }).flatten({ background: '#ffffff' });
    const bytes = await ENCODERS[format](square).toBuffer();
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    const out = path.join(assetsDir, `trainer-${size}-${hash}.${format === 'jpeg' ? 'jpg' : format}`);
    await writeFile(out, bytes);
    return urlOf(out);
  };
  const sources = {} as Record<PhotoFormat, readonly [string, string]>;
  for (const format of PHOTO_FORMATS) sources[format] = [await write(format, DENSITIES[0]), await write(format, DENSITIES[1])];
  return { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, sources, placeholder };
}
