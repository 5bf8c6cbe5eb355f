import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { mediaDecider } from './decider.ts';
import type { MediaUploaded } from './events.ts';
import { detectImageFormat } from './image-signature.ts';
import { detectVideoFormat } from './video-signature.ts';
import { mediaUploadFieldsSchema } from './schemas.ts';

const data: MediaUploaded['data'] = {
  mediaId: 'md1',
  teamId: 't1',
  uploaderId: 'u1',
  kind: 'photo',
  title: 'Team photo',
  description: '',
  contentType: 'image/png',
  bytes: 1234,
  width: 640,
  height: 480,
  url: '/api/media/md1.png',
  thumbnailUrl: '/api/media/md1-thumb.webp',
};

describe('media decider', () => {
  it('given nothing, when an upload is recorded, then the media was uploaded', () => {
    given(mediaDecider)
      .when({ type: 'RecordUpload', data })
      .then([{ type: 'MediaUploaded', data }]);
  });

  it('given an upload, when the same upload is recorded again (a retry), then nothing happens', () => {
    given(mediaDecider, [{ type: 'MediaUploaded', data }])
      .when({ type: 'RecordUpload', data })
      .then([]);
  });

  it('refuses an empty file and a blank title', () => {
    given(mediaDecider)
      .when({ type: 'RecordUpload', data: { ...data, bytes: 0 } })
      .thenRefuses('EMPTY_FILE');
    given(mediaDecider)
      .when({ type: 'RecordUpload', data: { ...data, title: ' ' } })
      .thenRefuses('TITLE_REQUIRED');
  });
});

describe('media likes and deletion', () => {
  const uploaded = { type: 'MediaUploaded' as const, data };
  const like = (userId: string) => ({ type: 'LikeMedia' as const, data: { mediaId: 'md1', userId } });
  const unlike = (userId: string) => ({ type: 'UnlikeMedia' as const, data: { mediaId: 'md1', userId } });
  const liked = (userId: string) => ({ type: 'MediaLiked' as const, data: { mediaId: 'md1', teamId: 't1', userId } });

  it('likes once per user: a second like, or an unlike without a like, does nothing', () => {
    given(mediaDecider, [uploaded])
      .when(like('u2'))
      .then([liked('u2')]);
    given(mediaDecider, [uploaded, liked('u2')])
      .when(like('u2'))
      .then([]);
    given(mediaDecider, [uploaded]).when(unlike('u2')).then([]);
    given(mediaDecider, [uploaded, liked('u2')])
      .when(unlike('u2'))
      .then([{ type: 'MediaUnliked', data: { mediaId: 'md1', teamId: 't1', userId: 'u2' } }]);
    given(mediaDecider).when(like('u2')).thenRefuses('MEDIA_NOT_FOUND');
  });

  it('lets the uploader or a manager delete, nobody else; deleted media is gone', () => {
    const del = (userId: string, canManage: boolean) => ({
      type: 'DeleteMedia' as const,
      data: { mediaId: 'md1', userId, canManage },
    });
    const deleted = (by: string) => ({
      type: 'MediaDeleted' as const,
      data: { mediaId: 'md1', teamId: 't1', deletedBy: by },
    });
    given(mediaDecider, [uploaded])
      .when(del('u1', false))
      .then([deleted('u1')]);
    given(mediaDecider, [uploaded])
      .when(del('coach', true))
      .then([deleted('coach')]);
    given(mediaDecider, [uploaded]).when(del('u2', false)).thenRefuses('FORBIDDEN');
    given(mediaDecider, [uploaded, deleted('u1')])
      .when(del('u1', false))
      .thenRefuses('MEDIA_NOT_FOUND');
    given(mediaDecider, [uploaded, deleted('u1')])
      .when(like('u2'))
      .thenRefuses('MEDIA_NOT_FOUND');
  });
});

describe('video signatures', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
  it('recognises MP4, MOV and WebM, and nothing else', () => {
    expect(detectVideoFormat(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBe('mp4');
    expect(detectVideoFormat(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]))).toBe('mov');
    expect(detectVideoFormat(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe('webm');
    expect(detectVideoFormat(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeNull();
    expect(detectVideoFormat(bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'))).toBeNull();
    expect(detectVideoFormat(bytes([0, 0, 0]))).toBeNull();
  });
});

describe('image signatures', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

  it('recognises PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(detectImageFormat(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectImageFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectImageFormat(bytes('GIF89a', [1, 0]))).toBe('gif');
    expect(detectImageFormat(bytes('GIF87a'))).toBe('gif');
    expect(detectImageFormat(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses everything else, including look-alikes and truncated headers', () => {
    expect(detectImageFormat(bytes('just some text, renamed .png'))).toBeNull();
    expect(detectImageFormat(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(detectImageFormat(bytes([0x89], 'PN'))).toBeNull();
    expect(detectImageFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageFormat(new Uint8Array())).toBeNull();
  });

  it('defaults the upload fields and bounds their length', () => {
    expect(mediaUploadFieldsSchema.parse({})).toEqual({ type: 'photo', title: '', description: '', players: [] });
    expect(mediaUploadFieldsSchema.safeParse({ type: 'audio' }).success).toBe(false);
    expect(mediaUploadFieldsSchema.parse({ type: 'highlight' }).type).toBe('highlight');
    expect(mediaUploadFieldsSchema.safeParse({ title: 'x'.repeat(201) }).success).toBe(false);
  });
});
