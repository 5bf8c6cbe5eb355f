import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips), loaded at the first image it has to read: a process that never gets an upload
 * (a realtime gateway, a projector, a quiet server) saves about 8 MB of memory.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is decoded once: libvips' operation cache would only hold other people's photos.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
