/** The video containers Sideline accepts, told apart by their first bytes. */
export const videoFormats = {
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  mov: { contentType: 'video/quicktime', extension: 'mov' },
  webm: { contentType: 'video/webm', extension: 'webm' },
} as const;
export type VideoFormat = keyof typeof videoFormats;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * MP4/MOV: an ISO base media file starts with a box whose type (bytes 4–8) is `ftyp`, then the
 * major brand (`qt  ` for QuickTime). WebM: the EBML magic 1A 45 DF A3.
 */
export function detectVideoFormat(bytes: Uint8Array): VideoFormat | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    // HEIC/AVIF photos are ISO files too: not videos.
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1|avif|avis)$/.test(brand)) return null;
    return brand === 'qt  ' ? 'mov' : 'mp4';
  }
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return 'webm';
  }
  return null;
}
