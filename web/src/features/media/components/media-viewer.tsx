import type { MediaItem } from '@sideline/domain';
import { Download, Heart, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { downloadUrl, timeAgo } from '../lib/format.ts';

interface MediaViewerProps {
  item: MediaItem | null;
  /** The link Share hands out (the Media Hub with this item open). */
  shareUrl: string;
  canDelete: boolean;
  liking: boolean;
  deleting: boolean;
  onClose: () => void;
  onToggleLike: (item: MediaItem) => void;
  onDelete: (item: MediaItem) => Promise<unknown>;
}

async function share(item: MediaItem, url: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: item.title, text: item.description || item.title, url });
    } catch (error) {
      // The user closed the share sheet: nothing to report.
      if (error instanceof Error && error.name === 'AbortError') return;
      toast({ title: 'Could not share', description: getErrorMessage(error), variant: 'destructive' });
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'Paste it to share with your team.' });
  } catch {
    toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
  }
}

/**
 * The large viewer (spec §2): the video with controls and autoplay, or the image; title;
 * Download (the file itself) and Share; the like toggle with its count; the description; when it
 * was shared. The uploader and team managers may delete it, after a confirmation.
 */
export function MediaViewer({
  item,
  shareUrl,
  canDelete,
  liking,
  deleting,
  onClose,
  onToggleLike,
  onDelete,
}: MediaViewerProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) {
          setConfirming(false);
          onClose();
        }
      }}
    >
      {item ? (
        <DialogContent width="2xl" flush closeClassName="text-on-media hover:bg-on-media/15 hover:text-on-media">
          {/* The close button sits on this dark strip above the picture, never on it. */}
          <div className="overflow-hidden rounded-t-2xl bg-black pt-14">
            {item.type === 'photo' ? (
              <img src={item.url} alt={item.title} className="mx-auto max-h-[60dvh] w-auto object-contain" />
            ) : (
              <video
                src={item.url}
                poster={item.thumbnailUrl ?? undefined}
                controls
                autoPlay
                playsInline
                aria-label={item.title}
                className="mx-auto max-h-[60dvh] w-full"
              />
            )}
          </div>
          <div className="space-y-4 p-5">
            <div className="mb-0 space-y-1.5 pr-10">
              <DialogTitle className="wrap-anywhere">{item.title}</DialogTitle>
              <DialogDescription>
                {item.uploader.name} · <time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time>
              </DialogDescription>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                variant={item.likedByMe ? 'secondary' : 'outline'}
                size="sm"
                aria-pressed={item.likedByMe}
                disabled={liking}
                onClick={() => onToggleLike(item)}
              >
                <Heart
                  className={cn('size-4', item.likedByMe && 'text-rose-600')}
                  fill={item.likedByMe ? 'currentColor' : 'none'}
                  aria-hidden="true"
                />
                Like
              </Button>
              <span className="text-sm text-slate-600" data-testid="like-count">
                {item.likes} {item.likes === 1 ? 'like' : 'likes'}
              </span>
              <span className="flex-1" />
              <a href={downloadUrl(item.url)} download className={buttonClassName('outline', 'sm')}>
                <Download className="size-4" aria-hidden="true" />
                Download
              </a>
              <Button variant="outline" size="sm" onClick={() => void share(item, shareUrl)}>
                <Share2 className="size-4" aria-hidden="true" />
                Share
              </Button>
            </div>
            {item.description ? (
              <p className="text-sm whitespace-pre-line text-slate-700 wrap-anywhere">{item.description}</p>
            ) : null}
            {canDelete ? (
              confirming ? (
                <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3">
                  <p className="text-sm text-red-800">
                    Delete this {item.type === 'photo' ? 'photo' : 'video'} for the whole team? This can't be undone.
                  </p>
                  <div className="mt-3 flex justify-end gap-2">
                    <Button variant="outline" size="sm" onClick={() => setConfirming(false)} disabled={deleting}>
                      Cancel
                    </Button>
                    <Button
                      variant="destructive"
                      size="sm"
                      disabled={deleting}
                      onClick={() => {
                        void onDelete(item).then(
                          () => setConfirming(false),
                          (error: unknown) =>
                            toast({
                              title: 'Delete failed',
                              description: getErrorMessage(error),
                              variant: 'destructive',
                            }),
                        );
                      }}
                    >
                      {deleting ? 'Deleting...' : 'Delete permanently'}
                    </Button>
                  </div>
                </div>
              ) : (
                <Button
                  variant="bare"
                  size="sm"
                  className="text-red-700 hover:bg-slate-100"
                  onClick={() => setConfirming(true)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </Button>
              )
            ) : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
