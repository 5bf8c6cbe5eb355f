import { z } from 'zod';

/** Spec §2 Media item types; uploads of 'video' arrive with the Media Hub. */
export const mediaKinds = ['photo', 'video', 'highlight'] as const;
export type MediaKind = (typeof mediaKinds)[number];

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest edge kept after re-encoding; larger photos are scaled down. */
export const IMAGE_MAX_EDGE = 4096;
/** Longest edge of the generated thumbnail. */
export const THUMBNAIL_EDGE = 400;
/** Decoded pixels refused outright (a small file can decode to gigabytes: "decompression bomb"). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;

export const MEDIA_TITLE_MAX_LENGTH = 200;
export const MEDIA_DESCRIPTION_MAX_LENGTH = 2000;

/**
 * The text fields of POST /api/teams/{teamId}/media/upload (multipart, beside `file`): spec §7
 * type (photo or video), title (the file name), description (empty).
 */
export const mediaUploadFieldsSchema = z.object({
  type: z.enum(['photo', 'video']).default('photo'),
  title: z
    .string()
    .trim()
    .max(MEDIA_TITLE_MAX_LENGTH, `Titles are at most ${MEDIA_TITLE_MAX_LENGTH} characters`)
    .default(''),
  description: z
    .string()
    .trim()
    .max(MEDIA_DESCRIPTION_MAX_LENGTH, `Descriptions are at most ${MEDIA_DESCRIPTION_MAX_LENGTH} characters`)
    .default(''),
});
export type MediaUploadFields = z.input<typeof mediaUploadFieldsSchema>;

/** The upload's answer (spec §3 "Uploaded media response: url", plus the id and thumbnail). */
export const uploadedMediaSchema = z.object({
  url: z.string(),
  id: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** Where a stored media file is served (members of its team only). */
export const mediaFileUrl = (fileName: string) => `/api/media/${fileName}`;
