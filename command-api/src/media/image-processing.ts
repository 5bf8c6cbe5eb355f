import {
  IMAGE_MAX_EDGE,
  IMAGE_MAX_INPUT_PIXELS,
  imageFormats,
  THUMBNAIL_EDGE,
  type ImageFormat,
} from '@sideline/domain';
import { HttpError } from '../shared/http-errors.ts';
import { loadSharp } from './sharp.ts';

export interface ProcessedImage {
  format: ImageFormat;
  contentType: string;
  extension: string;
  data: Buffer;
  width: number;
  height: number;
  /** WebP, at most THUMBNAIL_EDGE on its longest side (first frame of an animation). */
  thumbnail: Buffer;
}

/** A pathological file must not hold a libvips thread for long. */
const TIMEOUT_SECONDS = 20;

/**
 * Re-encodes an image the way it should be shown: turned upright per its EXIF orientation, at
 * most IMAGE_MAX_EDGE pixels on its longest side, in its own format, with ALL metadata dropped
 * (sharp writes none unless asked): EXIF, GPS position, camera serials, XMP, comments. A geotagged
 * photo would otherwise show where a child plays. Animated GIF/WebP keep their frames.
 */
export async function processImage(input: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  const animated = format === 'gif' || format === 'webp';
  const sharp = await loadSharp();
  const open = (frames: boolean) =>
    sharp(input, {
      autoOrient: true,
      animated: frames,
      limitInputPixels: IMAGE_MAX_INPUT_PIXELS,
      // Phones write slightly off-spec JPEGs: refuse only what cannot be decoded.
      failOn: 'error',
    }).timeout({ seconds: TIMEOUT_SECONDS });
  try {
    const resized = open(animated).resize({
      width: IMAGE_MAX_EDGE,
      height: IMAGE_MAX_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      format === 'jpeg'
        ? resized.jpeg({ quality: 85 })
        : format === 'png'
          ? resized.png()
          : format === 'webp'
            ? resized.webp({ quality: 85 })
            : resized.gif();
    const [{ data, info }, thumbnail] = await Promise.all([
      encoded.toBuffer({ resolveWithObject: true }),
      open(false)
        .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
    return {
      format,
      contentType: imageFormats[format].contentType,
      extension: imageFormats[format].extension,
      data,
      width: info.width,
      // An animation's frames are stacked: its own height is one page's.
      height: info.pageHeight ?? info.height,
      thumbnail,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new HttpError(413, 'IMAGE_TOO_LARGE', 'This image has too many pixels; please choose a smaller one.');
    }
    throw new HttpError(400, 'INVALID_IMAGE', 'This image could not be read; please choose another one.');
  }
}
