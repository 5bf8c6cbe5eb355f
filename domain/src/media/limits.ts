/** Upload limits, apart from the schemas so a screen can check a file without loading zod. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Videos are streamed to disk, never held in memory. */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
