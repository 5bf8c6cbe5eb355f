import type { Season } from '@sideline/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useDeleteSeason } from '../api.ts';

interface DeleteSeasonDialogProps {
  orgId: string;
  season: Season | null;
  onClose: () => void;
}

/** Asks before deleting a season; a season that still has teams is kept (the server says why). */
export function DeleteSeasonDialog({ orgId, season, onClose }: DeleteSeasonDialogProps) {
  const remove = useDeleteSeason(orgId);
  const confirm = () => {
    if (!season) {
      toast({ variant: 'destructive', title: 'No season selected' });
      return;
    }
    remove.mutate(season.id, {
      onSuccess: () => {
        toast({ title: 'Season deleted', description: `${season.name} is gone.` });
        onClose();
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to delete season', description: getErrorMessage(error) }),
    });
  };
  return (
    <Dialog open={season !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {season?.name ?? 'season'}?</DialogTitle>
          <DialogDescription>This cannot be undone. A season that still has teams cannot be deleted.</DialogDescription>
        </DialogHeader>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete Season'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
