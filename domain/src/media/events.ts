import type { MediaKind } from './schemas.ts';

export const mediaStream = (mediaId: string) => `media-${mediaId}`;

export type MediaUploaded = {
  type: 'MediaUploaded';
  data: {
    mediaId: string;
    teamId: string;
    uploaderId: string;
    kind: MediaKind;
    title: string;
    description: string;
    /** Of the stored (re-encoded) file. */
    contentType: string;
    bytes: number;
    width: number | null;
    height: number | null;
    /** `/api/media/{mediaId}.{ext}`, served to the team's members only. */
    url: string;
    thumbnailUrl: string | null;
    /** Videos: probed with ffprobe; absent (older events) or null when unknown. */
    durationSeconds?: number | null;
    /** The rostered players the uploader named as appearing in it (absent in older events). */
    players?: string[];
  };
};

export type MediaLiked = { type: 'MediaLiked'; data: { mediaId: string; teamId: string; userId: string } };
export type MediaUnliked = { type: 'MediaUnliked'; data: { mediaId: string; teamId: string; userId: string } };
export type MediaDeleted = { type: 'MediaDeleted'; data: { mediaId: string; teamId: string; deletedBy: string } };

export type MediaEvent = MediaUploaded | MediaLiked | MediaUnliked | MediaDeleted;
export const mediaEventTypes = ['MediaUploaded', 'MediaLiked', 'MediaUnliked', 'MediaDeleted'] as const;
