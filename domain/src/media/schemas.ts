import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { safeText } from '../shared/text.ts';

/** Spec §3 Media item types; a highlight is a video marked as one by the upload's `type`. */
export const mediaKinds = ['photo', 'video', 'highlight'] as const;
export type MediaKind = (typeof mediaKinds)[number];

export { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from './limits.ts';
/** Longest edge kept after re-encoding; larger photos are scaled down. */
export const IMAGE_MAX_EDGE = 4096;
/** Longest edge of the generated thumbnail. */
export const THUMBNAIL_EDGE = 400;
/** Decoded pixels refused outright (a small file can decode to gigabytes: "decompression bomb"). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;

export const MEDIA_TITLE_MAX_LENGTH = 200;
export const MEDIA_DESCRIPTION_MAX_LENGTH = 2000;
export const MEDIA_PLAYERS_MAX = 40;

/**
 * The text fields of POST /api/teams/{teamId}/media/upload (multipart, beside `file`): spec §7
 * type (photo or video; 'highlight' marks a video as a highlight), title (the file name),
 * description (empty). The stored kind follows the bytes: a photo is a photo whatever `type` says.
 */
export const mediaUploadFieldsSchema = z.object({
  type: z.enum(mediaKinds).default('photo'),
  title: safeText
    .trim()
    .max(MEDIA_TITLE_MAX_LENGTH, `Titles are at most ${MEDIA_TITLE_MAX_LENGTH} characters`)
    .default(''),
  description: safeText
    .trim()
    .max(MEDIA_DESCRIPTION_MAX_LENGTH, `Descriptions are at most ${MEDIA_DESCRIPTION_MAX_LENGTH} characters`)
    .default(''),
  /**
   * The rostered players who appear in it, as comma-separated ids or a JSON array of ids (their
   * photo consent is checked).
   */
  players: safeText
    .default('')
    .transform((v) => {
      const listed = v.trim();
      if (listed.startsWith('[')) {
        try {
          const parsed: unknown = JSON.parse(listed);
          if (Array.isArray(parsed)) return parsed.map((id) => (typeof id === 'string' ? id.trim() : String(id)));
        } catch {
          // Not JSON after all: read as comma-separated below, where the ids are checked.
        }
      }
      return listed
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean);
    })
    .pipe(z.array(idSchema).max(MEDIA_PLAYERS_MAX, `Name at most ${MEDIA_PLAYERS_MAX} players`))
    .transform((ids) => [...new Set(ids)]),
});

/** The upload's answer (spec §3 "Uploaded media response: url", plus the id and thumbnail). */
export const uploadedMediaSchema = z.object({
  url: z.string(),
  id: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** Where a stored media file is served (members of its team only). */
export const mediaFileUrl = (fileName: string) => `/api/media/${fileName}`;

/** Spec §4 Media filter; `all` is no filter. */
export const mediaFilters = ['all', 'photo', 'video', 'highlight'] as const;
export type MediaFilter = (typeof mediaFilters)[number];

export const MEDIA_PAGE_DEFAULT = 30;
export const MEDIA_PAGE_MAX = 100;

/** GET /api/teams/{teamId}/media?type=&before=&limit= (newest first; `before` is a media id). */
export const mediaListQuerySchema = z.object({
  type: z.enum(mediaFilters).optional(),
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MEDIA_PAGE_MAX).default(MEDIA_PAGE_DEFAULT),
});

/** One item of the Media Hub (spec §3 Media item, plus what the viewer shows). */
export const mediaItemSchema = z.object({
  id: z.string(),
  type: z.enum(mediaKinds),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  contentType: z.string(),
  /** Probed from the file; null when unknown (never a made-up value). */
  durationSeconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  likes: z.number().int(),
  likedByMe: z.boolean(),
  uploader: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  /**
   * A player it names has no photo consent now: hidden from the team's members, shown (marked) to
   * its uploader and the organization's admins only. Absent when not hidden.
   */
  hiddenByConsent: z.boolean().optional(),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;
