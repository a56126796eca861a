import type { ResponsivePhoto } from './responsivePhoto';

const srcSet = ([x1, x2]: readonly [string, string]): string => `${x1} 1x, ${x2} 2x`;

/**
 * Modern formats first, the JPEG for every other browser. Lazy and decoded off the main thread: no photo is ever
 * what the first paint waits for.
 */
export function Photo({ photo, alt, className }: { photo: ResponsivePhoto; alt: string; className: string }) {
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(photo.sources.avif)} />
      <source type="image/webp" srcSet={srcSet(photo.sources.webp)} />
      <img
        src={photo.sources.jpeg[0]}
        srcSet={srcSet(photo.sources.jpeg)}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
