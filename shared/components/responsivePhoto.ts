/** Each format the build makes, in the order a browser should pick them: the last is the fallback every browser reads. */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** A photo as the build made it (scripts/lib/portrait.ts): each format at 1x and 2x of its displayed size. */
export interface ResponsivePhoto {
  /** Its displayed size in CSS pixels, the 1x files' size. */
  width: number;
  height: number;
  /** The URL of each format's 1x and 2x file. */
  sources: Record<PhotoFormat, readonly [string, string]>;
  /** The build found no photo of the owner's and used the placeholder, which says so. */
  placeholder: boolean;
}
