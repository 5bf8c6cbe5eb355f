import { Download, Eye, Film, Image, Trash, Upload, UsersRound } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { adminPaths } from '../paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useOrgTeams } from '../../orgs/api.ts';
import { useAdminMedia, useDeleteAdminMedia } from '../api.ts';
import { useAdminContext } from '../components/admin-layout.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import {
  CardGrid,
  CardsSkeleton,
  ItemCard,
  SearchFilterBar,
  SectionError,
  SectionHeader,
} from '../components/section.tsx';
import { UploadMediaDialog } from '../components/upload-media-dialog.tsx';
import { formatDateTime, formatFileSize } from '../lib/format.ts';
import type { AdminMedia } from '../types.ts';
import { RowActions } from '../../../components/ui/row-actions.tsx';

const isVideo = (item: AdminMedia) => item.fileType === 'video';

function MediaViewer({ item, onClose }: { item: AdminMedia | null; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="3xl">
        <DialogHeader>
          <DialogTitle className="truncate pr-8">{item?.fileName ?? ''}</DialogTitle>
          <DialogDescription>
            {item ? [item.teamName, item.uploadedBy, formatFileSize(item.fileSize)].filter(Boolean).join(' · ') : ''}
          </DialogDescription>
        </DialogHeader>
        {item ? (
          <div className="mt-3 space-y-3">
            {isVideo(item) ? (
              <video
                src={item.url}
                poster={item.thumbnailUrl ?? undefined}
                controls
                className="max-h-[70dvh] w-full rounded-xl bg-black"
              />
            ) : (
              <img src={item.url} alt={item.fileName} className="max-h-[70dvh] w-full rounded-xl object-contain" />
            )}
            <div className="flex justify-end">
              <a href={item.downloadUrl} download={item.fileName} className={buttonClassName('outline', 'md')}>
                <Download className="size-4" aria-hidden="true" />
                Download
              </a>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** /admin/media and /admin/media/upload: the organization's media library (spec part 2 §2). */
export function AdminMediaRoute() {
  const { organization } = useAdminContext();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const media = useAdminMedia({ search: deferredSearch || undefined, type: type || undefined });
  const orgTeams = useOrgTeams(organization.id);
  const remove = useDeleteAdminMedia();
  const [viewing, setViewing] = useState<AdminMedia | null>(null);
  const [deleting, setDeleting] = useState<AdminMedia | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Media deleted', description: `${deleting.fileName} is gone.` });
        setDeleting(null);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to delete media', description: getErrorMessage(error) }),
    });
  };

  return (
    <div>
      <SectionHeader title="Media Library" description="Every photo and video shared in the organization's teams.">
        <Link to={adminPaths.uploadMedia} className={buttonClassName('primary', 'md')}>
          <Upload className="size-4" aria-hidden="true" />
          Upload
        </Link>
      </SectionHeader>
      <SearchFilterBar
        searchLabel="Search media by file name or team"
        searchPlaceholder="Search by file name or team"
        search={search}
        onSearchChange={setSearch}
        filterLabel="Filter by type"
        filterClassName="sm:w-40"
        filter={type}
        onFilterChange={setType}
      >
        <option value="">All types</option>
        <option value="image">Images</option>
        <option value="video">Videos</option>
      </SearchFilterBar>
      {media.isPending ? (
        <CardsSkeleton className="h-56" />
      ) : media.isError ? (
        <SectionError title="Failed to fetch media" error={media.error} onRetry={() => void media.refetch()} />
      ) : media.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={Image}
            title={deferredSearch || type ? 'No media matches' : 'No media yet'}
            description={
              deferredSearch || type ? 'Try another search or type.' : 'Photos and videos your teams share show here.'
            }
          />
        </Card>
      ) : (
        <CardGrid label="Media">
          {media.data.map((item) => (
            <ItemCard key={item.id} className="flex h-full flex-col overflow-hidden">
              <button
                type="button"
                onClick={() => setViewing(item)}
                className="relative block aspect-video w-full bg-slate-100"
                aria-label={`View ${item.fileName}`}
              >
                {item.thumbnailUrl || !isVideo(item) ? (
                  <img src={item.thumbnailUrl ?? item.url} alt="" loading="lazy" className="size-full object-cover" />
                ) : (
                  <Film className="mx-auto size-10 text-slate-400" aria-hidden="true" />
                )}
              </button>
              <div className="flex flex-1 flex-col gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="min-w-0 truncate font-semibold text-slate-900" title={item.fileName}>
                    {item.fileName}
                  </h2>
                  <Badge tone={isVideo(item) ? 'purple' : 'blue'}>{isVideo(item) ? 'Video' : 'Image'}</Badge>
                </div>
                <p className="flex flex-wrap items-center gap-x-1 text-sm text-slate-600">
                  <span data-testid="file-size">{formatFileSize(item.fileSize)}</span>
                  {item.teamName ? (
                    <>
                      {' · '}
                      <UsersRound className="size-3.5" aria-hidden="true" />
                      {item.teamName}
                    </>
                  ) : null}
                  {item.seasonName ? ` · ${item.seasonName}` : ''}
                </p>
                <p className="text-xs text-slate-500">
                  {item.uploadedBy ? `${item.uploadedBy} · ` : ''}
                  {formatDateTime(item.uploadedAt)}
                </p>
                <div className="mt-auto flex flex-wrap gap-2 pt-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setViewing(item)}
                    aria-label={`View ${item.fileName}`}
                  >
                    <Eye className="size-3.5" aria-hidden="true" />
                    View
                  </Button>
                  <a
                    href={item.downloadUrl}
                    download={item.fileName}
                    className={buttonClassName('outline', 'sm')}
                    aria-label={`Download ${item.fileName}`}
                  >
                    <Download className="size-3.5" aria-hidden="true" />
                    Download
                  </a>
                  <RowActions
                    label={`More actions for ${item.fileName}`}
                    className="ml-auto"
                    actions={[
                      {
                        label: 'Delete',
                        name: `Delete ${item.fileName}`,
                        icon: Trash,
                        onSelect: () => setDeleting(item),
                        destructive: true,
                      },
                    ]}
                  />
                </div>
              </div>
            </ItemCard>
          ))}
        </CardGrid>
      )}
      <MediaViewer item={viewing} onClose={() => setViewing(null)} />
      <UploadMediaDialog
        teams={orgTeams.data ?? []}
        open={pathname === adminPaths.uploadMedia}
        onOpenChange={(open) => (open ? undefined : void navigate(adminPaths.media))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.fileName ?? 'this file'}?`}
        description="It disappears from the team's Media Hub. This cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
