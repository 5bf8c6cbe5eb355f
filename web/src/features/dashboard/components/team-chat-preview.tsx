import type { Team } from '@sideline/domain';
import { MessageCircle, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, textLinkClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { chatPath } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useTeamMessages } from '../api.ts';
import { latestMessages, previewText, relativeTime, senderName } from '../message-preview.ts';

/** Home "Team Chat": the selected team's latest 3 messages and View All (→ /chat/{teamId}). */
export function TeamChatPreview({ team }: { team: Team }) {
  const messagesQuery = useTeamMessages(team.id);
  const messages = messagesQuery.data ? latestMessages(messagesQuery.data) : [];

  return (
    <Card role="region" className="flex flex-col" aria-labelledby="home-team-chat">
      <div className="flex items-center justify-between gap-2 px-5 pt-5 pb-3">
        <h2 id="home-team-chat" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <MessageCircle className="size-5 text-brand-600" aria-hidden="true" />
          Team Chat
        </h2>
        <Link to={chatPath(team.id)} className={textLinkClassName}>
          View All
        </Link>
      </div>
      <div className="flex-1 px-2 pb-3">
        {messagesQuery.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading messages" />
          </div>
        ) : messagesQuery.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-3 py-8 text-center">
            <p className="text-sm text-slate-600">
              We couldn't load the messages: {getErrorMessage(messagesQuery.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void messagesQuery.refetch()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : messages.length === 0 ? (
          <EmptyState
            as="h3"
            icon={MessageCircle}
            title="No messages yet"
            description="Start chatting with your team!"
            className="py-6"
          />
        ) : (
          <ul aria-label="Latest messages" className="divide-y divide-slate-100">
            {messages.map((message) => {
              const name = senderName(message);
              return (
                <li key={message.id} className="flex gap-3 px-3 py-3">
                  <Avatar name={name} src={message.user?.avatarUrl} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="flex items-baseline justify-between gap-2">
                      <span className="truncate text-sm font-semibold text-slate-900">{name}</span>
                      <time dateTime={message.timestamp || undefined} className="shrink-0 text-xs text-slate-500">
                        {relativeTime(message.timestamp)}
                      </time>
                    </p>
                    <p className="line-clamp-2 text-sm wrap-anywhere text-slate-600">{previewText(message)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
