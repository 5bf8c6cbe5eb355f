import type { MediaItem } from '@sideline/domain';
import { EyeOff, Heart, ImageOff, Play, Star } from 'lucide-react';
import { useState } from 'react';
import { formatDuration } from '../lib/format.ts';

/**
 * One grid tile (spec §2): the thumbnail (hidden when it fails to load), the like count on
 * photos, and the video's real duration (none when it is unknown).
 */
export function MediaTile({ item, onOpen }: { item: MediaItem; onOpen: () => void }) {
  const [broken, setBroken] = useState(false);
  const isPhoto = item.type === 'photo';
  const src = isPhoto ? (item.thumbnailUrl ?? item.url) : item.thumbnailUrl;
  const duration = isPhoto ? null : formatDuration(item.durationSeconds);
  const kind = isPhoto ? 'photo' : item.type === 'highlight' ? 'highlight' : 'video';
  // The button holds only the picture, so its name ("Open photo: …") is all it shows; the badges
  // on top are read as the tile's own text and let clicks through to the button.
  return (
    <div className="group relative aspect-square overflow-hidden rounded-2xl bg-slate-200">
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open ${kind}: ${item.title}`}
        className="block size-full text-left focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
      >
        {src && !broken ? (
          <img
            src={src}
            alt=""
            loading="lazy"
            onError={() => setBroken(true)}
            className="size-full object-cover transition-transform group-hover:scale-[1.03]"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-slate-500">
            <ImageOff className="size-8" aria-hidden="true" />
          </span>
        )}
      </button>
      {!isPhoto ? (
        <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <span className="flex size-11 items-center justify-center rounded-full bg-black/50 text-on-media">
            <Play className="ml-0.5 size-5" aria-hidden="true" />
          </span>
        </span>
      ) : null}
      {item.type === 'highlight' ? (
        <span className="pointer-events-none absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-amber-950">
          <Star className="size-3" aria-hidden="true" />
          Highlight
        </span>
      ) : null}
      {item.hiddenByConsent ? (
        // Only its uploader and the club's admins still see it: a player it names has no photo consent.
        <span className="pointer-events-none absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-900">
          <EyeOff className="size-3" aria-hidden="true" />
          Hidden: no photo consent
        </span>
      ) : null}
      {duration ? (
        <span
          className="pointer-events-none absolute right-2 bottom-2 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-semibold text-on-media tabular-nums"
          data-testid="duration"
        >
          <span className="sr-only">Duration </span>
          {duration}
        </span>
      ) : null}
      {isPhoto ? (
        <span className="pointer-events-none absolute right-2 bottom-2 inline-flex items-center gap-1 rounded-md bg-black/70 px-1.5 py-0.5 text-xs font-semibold text-on-media">
          <Heart className="size-3" aria-hidden="true" fill={item.likedByMe ? 'currentColor' : 'none'} />
          {item.likes}
          <span className="sr-only">{item.likes === 1 ? ' like' : ' likes'}</span>
        </span>
      ) : null}
    </div>
  );
}
