import { CalendarDays, CalendarCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { textLinkClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useMyUpcoming } from '../api.ts';
import { splitUpcoming } from '../upcoming.ts';
import { UpcomingArticle } from './upcoming-article.tsx';

const occurrenceKey = (item: { id: string; occurrenceDate: string; date: string }) =>
  `${item.id}@${item.occurrenceDate || item.date}`;

/**
 * Home's first card: the next occurrence across all the user's teams and children, with an answer
 * row per child (or for the user). Loading, failure and "nothing planned" are said here.
 */
export function NextUp({ userId }: { userId: string }) {
  const upcoming = useMyUpcoming();
  const { next } = splitUpcoming(upcoming.data ?? []);
  return (
    <section aria-labelledby="home-next-up" className="space-y-2">
      <h2 id="home-next-up" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <CalendarCheck className="size-5 text-emerald-600" aria-hidden="true" />
        Next up
      </h2>
      {upcoming.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading events" />
        </div>
      ) : upcoming.isError && !upcoming.data ? (
        <LoadError
          title="We couldn't load what's next"
          error={upcoming.error}
          onRetry={() => void upcoming.refetch()}
        />
      ) : !next ? (
        <Card>
          <EmptyState
            as="h3"
            icon={CalendarDays}
            title="Nothing planned yet"
            description="Your teams' next games and practices show up here. Enjoy the break!"
            compact
          />
        </Card>
      ) : (
        <UpcomingArticle item={next} userId={userId} lead />
      )}
    </section>
  );
}

/** Home "This Week": the rest of the seven days ahead across every team, each with its answers. */
export function ThisWeek({ userId }: { userId: string }) {
  const upcoming = useMyUpcoming();
  const { next, week } = splitUpcoming(upcoming.data ?? []);
  // Said once, by Next up: loading, failure and an empty schedule.
  if (!next) return null;
  return (
    <section aria-labelledby="home-this-week" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="home-this-week" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <CalendarDays className="size-5 text-emerald-600" aria-hidden="true" />
          This Week
        </h2>
        <Link to={paths.events} className={textLinkClassName}>
          Schedule
        </Link>
      </div>
      {week.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing else this week.</p>
      ) : (
        <ul aria-label="This week's events" className="space-y-2">
          {week.map((item) => (
            <li key={occurrenceKey(item)}>
              <UpcomingArticle item={item} userId={userId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
