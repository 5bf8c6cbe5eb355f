import type { Team } from '@sideline/domain';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { chatPath } from '../../../config/paths.ts';
import { useMessagesOfTeams } from '../api.ts';
import { latestMessages, previewText, relativeTime, senderName } from '../message-preview.ts';

/** Home "Team Chat": the latest message of each of the user's teams, each opening that team's chat. */
export function LatestMessages({ teams }: { teams: readonly Team[] }) {
  const results = useMessagesOfTeams(teams.map((team) => team.id));
  const pending = results.every((r) => r.isPending);
  return (
    <Card role="region" aria-labelledby="home-team-chat" className="flex flex-col">
      <h2
        id="home-team-chat"
        className="flex items-center gap-2 px-4 pt-4 pb-2 text-base font-semibold text-slate-900 sm:px-5"
      >
        <MessageCircle className="size-5 text-brand-600" aria-hidden="true" />
        Team Chat
      </h2>
      {pending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading messages" />
        </div>
      ) : (
        <ul aria-label="Latest messages" className="divide-y divide-slate-100 px-1 pb-2">
          {teams.map((team, i) => {
            const result = results[i];
            const [message] = result?.data ? latestMessages(result.data, 1) : [];
            const name = message ? senderName(message) : null;
            return (
              <li key={team.id}>
                <Link
                  to={chatPath(team.id)}
                  className="flex min-h-14 gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-slate-50"
                >
                  <Avatar name={name ?? team.name} src={message?.user?.avatarUrl} size="sm" />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate text-sm font-semibold text-slate-900">{team.name}</span>
                      {message ? (
                        <time dateTime={message.timestamp || undefined} className="shrink-0 text-xs text-slate-500">
                          {relativeTime(message.timestamp)}
                        </time>
                      ) : null}
                    </span>
                    <span className="line-clamp-2 text-sm wrap-anywhere text-slate-600">
                      {result?.isError
                        ? "We couldn't load the messages."
                        : message
                          ? `${name}: ${previewText(message)}`
                          : result?.isPending
                            ? 'Loading…'
                            : 'No messages yet. Start chatting with your team!'}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
