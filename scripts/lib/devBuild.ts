// npm run dev's build: the production build's own steps and esbuild options (siteBuild.ts), kept as esbuild contexts
// so that a change rebuilds only the builds that read the changed file, incrementally. The trainer's photo is encoded
// once per source (cached under .artifacts/dev/photos) and the public files are compressed at a quick level. Each pass
// ends with the manifest the server reads at its start.
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { ResponsivePhoto } from '../../shared/components/responsivePhoto.ts';
import { buildPortrait, PHOTO_DIR } from './portrait.ts';
import { buildOptions, faviconUrl, hydrateFileOf, inlineAssets, precompress, publicUrlOf, writeManifest } from './siteBuild.ts';

const PHOTO_CACHE = path.join('.artifacts', 'dev', 'photos');

/** What a pass can rebuild: the four esbuild builds, the trainer's photo and the public files. */
type DevPart = 'islands' | 'styles' | 'entry' | 'server' | 'photo' | 'public';
const EVERY_PART: readonly DevPart[] = ['public', 'photo', 'islands', 'entry', 'styles', 'server'];

export interface DevBuild {
  /**
   * Rebuilds what the changed files (paths from the repository's root) touch, and what a failed pass left undone (at
   * first, everything), then writes the manifest; resolves with the parts rebuilt, none when no build reads any of the
   * files. A failed build rejects, once esbuild has printed why.
   */
  rebuild(changed: Iterable<string>): Promise<DevPart[]>;
  dispose(): Promise<void>;
}

/** The files a build read, as esbuild lists them: from the repository's root, with forward slashes. */
const inputsOf = (result: esbuild.BuildResult | undefined): Set<string> => new Set(Object.keys(result?.metafile?.inputs ?? {}));

/** The site's builds into `dist` (emptied now), ready for a first pass that makes everything. */
export async function startDevBuild(dist: string): Promise<DevBuild> {
  const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
  const options = buildOptions(dist, version);
  const publicDir = path.join(dist, 'public');
  const assetsDir = path.join(publicDir, 'assets');
  const urlOf = (file: string): string => publicUrlOf(publicDir, file);
  // esbuild prints its own errors; the metafile says which files each build read.
  const context = (build: esbuild.BuildOptions): Promise<esbuild.BuildContext> => esbuild.context({ ...build, metafile: true, logLevel: 'error' });
  const contexts = { islands: await context(options.islands), styles: await context(options.styles), server: await context(options.server) };
  const results: Partial<Record<'islands' | 'styles' | 'server' | 'entry', esbuild.BuildResult>> = {};
  /** The entry's build has the islands' URL built in: a new URL is a new context. */
  let entry: { url: string; context: esbuild.BuildContext } | undefined;
  let trainerPhoto: ResponsivePhoto | undefined;
  let favicon = '';
  /** What the next pass must do whatever changed: everything at first, and all of a pass that failed. */
  const pending = new Set<DevPart>(EVERY_PART);

  /** Where the islands' entry chunk is now, as the inline entry fetches it. */
  const hydrateUrl = (): string => {
    if (!results.islands) throw new Error('the islands are not built');
    return urlOf(hydrateFileOf(results.islands));
  };

  const touched = (changed: Iterable<string>): Set<DevPart> => {
    const parts = new Set<DevPart>();
    for (const file of changed) {
      if (file.startsWith('public/')) parts.add('public');
      if (file.startsWith(`${PHOTO_DIR}/`)) parts.add('photo');
      for (const part of ['islands', 'styles', 'server', 'entry'] as const) if (inputsOf(results[part]).has(file)) parts.add(part);
    }
    return parts;
  };

  async function rebuildIslands(): Promise<void> {
    const before = Object.keys(results.islands?.metafile?.outputs ?? {});
    results.islands = await contexts.islands.rebuild();
    // Chunks the new build no longer makes: a long session would otherwise pile them up.
    const now = new Set(Object.keys(results.islands.metafile?.outputs ?? {}));
    for (const file of before.filter((output) => !now.has(output))) {
      for (const suffix of ['', '.br', '.gz']) await rm(`${file}${suffix}`, { force: true });
    }
  }

  async function rebuildEntry(): Promise<void> {
    const url = hydrateUrl();
    if (entry?.url !== url) {
      await entry?.context.dispose();
      entry = { url, context: await context(options.entry(url)) };
    }
    results.entry = await entry.context.rebuild();
  }

  async function pass(parts: Set<DevPart>): Promise<void> {
    if (parts.has('public')) {
      await cp('public', publicDir, { recursive: true, force: true });
      favicon = await faviconUrl();
    }
    if (parts.has('photo')) trainerPhoto = await buildPortrait(assetsDir, urlOf, PHOTO_DIR, PHOTO_CACHE);
    if (parts.has('islands')) {
      const url = entry?.url;
      await rebuildIslands();
      if (hydrateUrl() !== url) parts.add('entry');
    }
    const rebuilt = async (part: 'styles' | 'server'): Promise<void> => {
      if (parts.has(part)) results[part] = await contexts[part].rebuild();
    };
    await Promise.all([parts.has('entry') ? rebuildEntry() : undefined, rebuilt('styles'), rebuilt('server')]);
    if (parts.has('islands') || parts.has('public')) await precompress(publicDir, 'quick');
    const { islands, styles } = results;
    if (!islands || !styles || !results.entry || !trainerPhoto) throw new Error('the first build did not finish');
    const chunks = [...Object.keys(islands.metafile?.outputs ?? {}).map(urlOf), ...Object.values(trainerPhoto.sources).flat()].sort();
    await writeManifest(
      dist,
      { ...inlineAssets(styles, results.entry), favicon, trainerPhoto, hydrateScript: hydrateUrl(), chunks, carried: [] },
      islands,
      results.entry,
    );
  }

  await rm(dist, { recursive: true, force: true });
  await mkdir(assetsDir, { recursive: true });
  return {
    async rebuild(changed) {
      for (const part of touched(changed)) pending.add(part);
      const parts = new Set(pending);
      if (parts.size > 0) await pass(parts);
      pending.clear();
      return EVERY_PART.filter((part) => parts.has(part));
    },
    async dispose() {
      await Promise.all([...Object.values(contexts), ...(entry ? [entry.context] : [])].map((built) => built.dispose()));
    },
  };
}
