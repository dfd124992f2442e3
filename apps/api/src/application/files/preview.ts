// The preview of an uploaded image (issue 38): decoded and drawn again by libvips (sharp), so what a browser
// is shown inline is pixels the server made, never the applicant's bytes. A polyglot (a JPEG with an HTML page
// after its end) loses everything but its pixels; the photo's metadata (EXIF: the GPS position, the camera's
// serial number, the time) is not carried over. PDFs have no preview.
import sharp, { type Metadata } from 'sharp';
import type { AcceptedType, ContentRefusal } from './inspect.ts';

/**
 * The most pixels an upload may declare: 40 megapixels, above any phone camera's photo (a 48-megapixel
 * sensor saves 12 by default) or an A4 scan at 600 dpi (35 megapixels). Decoded as RGBA that is 160 MB, the
 * most one preview may take; anything larger is refused from its header, before a pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The preview fits in this square: a full screen's width, sharp enough to read a scanned page. */
export const PREVIEW_MAX_SIDE = 1600;

export type PreviewType = 'image/jpeg' | 'image/png';

export type Preview =
  | { ok: true; bytes: Buffer; mediaType: PreviewType; width: number; height: number }
  | { ok: false; code: Extract<ContentRefusal, 'damaged' | 'too_many_pixels'> };

/** libvips's own name of each accepted image type: the decoder it chose must be the one inspect.ts found. */
const DECODER: Record<Exclude<AcceptedType, 'application/pdf'>, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
};

// Every preview is of a different image: libvips's operation cache would only hold memory.
sharp.cache(false);

/**
 * Makes the preview of an image inspect.ts accepted, from its bytes (at most the per-file limit: libvips
 * decodes from one whole buffer). JPEG stays JPEG; PNG and GIF (its first frame) become PNG.
 */
export async function makePreview(
  bytes: Buffer,
  mediaType: Exclude<AcceptedType, 'application/pdf'>,
): Promise<Preview> {
  // failOn 'warning' (sharp's default, said here as it is the point): a truncated or corrupt image is
  // refused rather than drawn half grey. limitInputPixels is checked against the header before decoding.
  const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, pages: 1 });
  let metadata: Metadata;
  try {
    metadata = await image.metadata();
  } catch (error) {
    return { ok: false, code: refusalOf(error) };
  }
  if (metadata.format !== DECODER[mediaType]) return { ok: false, code: 'damaged' };
  const { width, height } = metadata;
  if (!width || !height) return { ok: false, code: 'damaged' };
  if (width * height > MAX_INPUT_PIXELS) return { ok: false, code: 'too_many_pixels' };
  const outputType: PreviewType = mediaType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  // autoOrient (what .rotate() without an angle does): a portrait photo stands up. No keepMetadata or
  // withMetadata, so the output has no EXIF, XMP or ICC profile (it is converted to sRGB).
  const pipeline = image
    .autoOrient()
    .resize({ width: PREVIEW_MAX_SIDE, height: PREVIEW_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const encoded =
    outputType === 'image/jpeg' ? pipeline.jpeg({ quality: 82, mozjpeg: true }) : pipeline.png();
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, mediaType: outputType, width: info.width, height: info.height };
  } catch (error) {
    return { ok: false, code: refusalOf(error) };
  }
}

/** sharp's refusal of the pixel limit (from the header, in metadata() already) or of anything else. */
const refusalOf = (error: unknown): 'damaged' | 'too_many_pixels' =>
  error instanceof Error && /pixel limit/i.test(error.message) ? 'too_many_pixels' : 'damaged';
