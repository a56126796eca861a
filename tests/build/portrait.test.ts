/**
 * The trainer's photo: the formats and sizes the build wrote (read back by libvips, as any decoder would), the
 * <picture> the landing page carries, how the app serves the files, and which source the build picks.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPortrait, PLACEHOLDER_PHOTO, PORTRAIT_SIZE } from '../../scripts/lib/portrait';
import { readBuildManifest } from '../../server/render/readManifest';
import { trainer } from '../../shared/content/landingPageWords';
import { DIST, testApp } from '../helpers/testApp';
import { parseHtml } from '../helpers/html';

const { trainerPhoto: photo } = readBuildManifest(DIST);
const fileOf = (url: string): string => path.join(DIST, 'public', url);
/** What libvips reads in each file: AVIF is a HEIF container holding AV1. */
const DECODED = { avif: { format: 'heif', compression: 'av1' }, webp: { format: 'webp' }, jpeg: { format: 'jpeg' } } as const;

describe('the build', () => {
  it.each(Object.keys(DECODED) as (keyof typeof DECODED)[])('writes the %s at 1x and 2x of the displayed size', async (format) => {
    const [x1, x2] = photo.sources[format];
    for (const [url, size] of [
      [x1, PORTRAIT_SIZE],
      [x2, PORTRAIT_SIZE * 2],
    ] as const) {
      expect(url).toMatch(/^\/assets\/trainer-\d+-[0-9a-f]{10}\.(avif|webp|jpg)$/);
      const meta = await sharp(fileOf(url)).metadata();
      expect(meta).toMatchObject({ ...DECODED[format], width: size, height: size });
    }
    expect([photo.width, photo.height]).toEqual([PORTRAIT_SIZE, PORTRAIT_SIZE]);
  });

  it('ships the placeholder while the owner has dropped no photo, and says so', () => {
    expect(readdirSync('shared/images')).toEqual([PLACEHOLDER_PHOTO]);
    expect(photo.placeholder).toBe(true);
  });
});

describe('the landing page', () => {
  it('carries a lazy <picture>: AVIF, then WebP, then a JPEG with its size and its text alternative', async () => {
    const doc = parseHtml((await request(testApp().app).get('/')).text);
    const picture = doc.querySelector('#sobre-mi picture.trainer__portrait');
    const sources = [...(picture?.querySelectorAll('source') ?? [])].map((source) => [source.getAttribute('type'), source.getAttribute('srcset')]);
    expect(sources).toEqual([
      ['image/avif', `${photo.sources.avif[0]} 1x, ${photo.sources.avif[1]} 2x`],
      ['image/webp', `${photo.sources.webp[0]} 1x, ${photo.sources.webp[1]} 2x`],
    ]);
    const img = picture?.querySelector('img');
    expect(img?.getAttribute('src')).toBe(photo.sources.jpeg[0]);
    expect(img?.getAttribute('srcset')).toBe(`${photo.sources.jpeg[0]} 1x, ${photo.sources.jpeg[1]} 2x`);
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual([String(PORTRAIT_SIZE), String(PORTRAIT_SIZE)]);
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('decoding')).toBe('async');
    // The placeholder says what it is; a real photo is named for the trainer.
    expect(img?.getAttribute('alt')).toBe(trainer.placeholderPhotoAlt);
    // Nothing asks for the photo before the first paint.
    expect(doc.querySelector('link[rel="preload"]')).toBeNull();
  });

  it('gets every file from the app, typed, and kept for a year', async () => {
    const { app } = testApp();
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      for (const url of photo.sources[format]) {
        const res = await request(app).get(url);
        expect(res.status, url).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
  });
});

describe('the source the build picks', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  /** A folder of sources and one for the output; `photos` are drawn by libvips at the given sizes. */
  const folders = async (photos: Record<string, [number, number]>) => {
    const [source, out] = [mkdtempSync(path.join(tmpdir(), 'taller-photo-')), mkdtempSync(path.join(tmpdir(), 'taller-assets-'))];
    dirs.push(source, out);
    for (const [name, [width, height]] of Object.entries(photos)) {
      await sharp({ create: { width, height, channels: 3, background: '#b02f58' } }).toFile(path.join(source, name));
    }
    return { source, out, build: () => buildPortrait(out, (file) => `/assets/${path.basename(file)}`, source) };
  };

  it("prefers the owner's photo to the placeholder, whatever its shape", async () => {
    const { out, build } = await folders({ [PLACEHOLDER_PHOTO]: [880, 880], 'trainer.jpg': [600, 900] });
    const built = await build();
    expect(built.placeholder).toBe(false);
    expect(readdirSync(out)).toHaveLength(6);
    expect(await sharp(path.join(out, path.basename(built.sources.jpeg[1]))).metadata()).toMatchObject({ width: 440, height: 440 });
  });

  it('with a cache folder (npm run dev), copies a source encoded before from it, and encodes a changed one', async () => {
    const { source, out } = await folders({ 'trainer.png': [500, 600] });
    const cache = mkdtempSync(path.join(tmpdir(), 'taller-photo-cache-'));
    const again = mkdtempSync(path.join(tmpdir(), 'taller-assets-'));
    dirs.push(cache, again);
    const urlOf = (file: string): string => `/assets/${path.basename(file)}`;
    const first = await buildPortrait(out, urlOf, source, cache);
    // A cached file made recognisable: what the next build writes is that file, so nothing was encoded.
    const [folder] = readdirSync(cache);
    const cachedJpeg = path.join(cache, folder ?? '', path.basename(first.sources.jpeg[0]));
    writeFileSync(cachedJpeg, 'from the cache');
    expect(await buildPortrait(again, urlOf, source, cache)).toEqual(first);
    expect(readFileSync(path.join(again, path.basename(first.sources.jpeg[0])), 'utf8')).toBe('from the cache');
    await sharp({ create: { width: 500, height: 600, channels: 3, background: '#1d5c63' } }).toFile(path.join(source, 'trainer.png'));
    const changed = await buildPortrait(again, urlOf, source, cache);
    expect(changed.sources.jpeg[0]).not.toBe(first.sources.jpeg[0]);
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it('refuses a photo too small for 2x, and two photos to choose from, with one line each', async () => {
    const small = await folders({ 'trainer.png': [300, 400] });
    await expect(small.build()).rejects.toThrow(/trainer\.png is 300×400: the trainer's photo needs at least 440 px on each side$/);
    const two = await folders({ 'trainer.jpg': [500, 500], 'trainer.webp': [500, 500] });
    await expect(two.build()).rejects.toThrow(/has trainer\.jpg and trainer\.webp: keep one photo of the trainer$/);
  });
});
