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
  };
};

export type MediaEvent = MediaUploaded;
export const mediaEventTypes = ['MediaUploaded'] as const;
