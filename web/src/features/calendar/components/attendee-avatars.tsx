import { Avatar } from '../../../components/ui/avatar.tsx';
import type { EventRsvp } from '../types.ts';

/** The people going ('yes'), at most `max` avatars, then '+N'. */
export function AttendeeAvatars({ rsvps, max }: { rsvps: readonly EventRsvp[]; max: number }) {
  const going = rsvps.filter((r) => r.status === 'yes');
  if (going.length === 0) return <span className="text-xs text-slate-500">No one going yet</span>;
  const shown = going.slice(0, max);
  const more = going.length - shown.length;
  const names = going.map((r) => r.user.name || 'Unknown User').join(', ');
  return (
    <div className="flex items-center" role="group" aria-label={`${going.length} going: ${names}`}>
      <div className="flex -space-x-2">
        {shown.map((r) => (
          <Avatar key={r.id} name={r.user.name || '?'} size="xs" className="ring-2 ring-white" />
        ))}
      </div>
      {more > 0 ? (
        <span className="ml-1.5 text-xs font-semibold text-slate-600" data-testid="attendees-more">
          +{more}
        </span>
      ) : null}
    </div>
  );
}
