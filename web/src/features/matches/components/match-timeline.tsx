import type { MatchTimeline } from '@sideline/domain';
import { scoreText } from '../lib/match-display.ts';
import { minuteText, statPhrase, timelineItems, type TimelineItem } from '../lib/timeline.ts';

function Correction({ item }: { item: TimelineItem }) {
  if (item.retracted) {
    return (
      <p className="text-xs text-slate-600">Taken back{item.retracted.reason ? `: ${item.retracted.reason}` : ''}</p>
    );
  }
  return (
    <>
      {item.corrections.map((c, index) => (
        <p key={index} className="text-xs text-slate-600">
          Corrected from {scoreText(c.from)} to {scoreText(c.to)}
          {c.reason ? `: ${c.reason}` : ''}
        </p>
      ))}
    </>
  );
}

function Row({ item }: { item: TimelineItem }) {
  const who = item.playerName ? `${item.playerName} (${item.sideName})` : item.sideName;
  const what = statPhrase(item.statType, item.value);
  return (
    <li className="flex gap-3 py-2.5" data-stat-id={item.statId}>
      <span className="w-10 shrink-0 text-right font-semibold text-slate-700 tabular-nums">
        {item.minute === null ? '' : minuteText(item.minute)}
      </span>
      <div className="min-w-0 flex-1">
        <p className={item.retracted ? 'text-slate-500 line-through' : 'text-slate-900'}>
          <span className="font-semibold">{what}</span>
          <span className="text-slate-600"> · </span>
          <span className="break-words">{who}</span>
        </p>
        <Correction item={item} />
      </div>
    </li>
  );
}

/**
 * The match's scoring moments, newest first: the minute, what (Goal, 3 points, …) and who, with
 * corrections said as such ("Corrected from 1 to 2") and stats taken back struck through.
 */
export function MatchTimelineList({ timeline }: { timeline: MatchTimeline }) {
  const items = timelineItems(timeline.entries);
  if (items.length === 0) {
    return <p className="py-4 text-center text-sm text-slate-500">No goals or points yet.</p>;
  }
  return (
    <ol className="divide-y divide-slate-100" aria-label="Timeline">
      {items.map((item) => (
        <Row key={item.statId} item={item} />
      ))}
    </ol>
  );
}
