import {
  calendarEventTypes,
  chatEventTypes,
  identityEventSchemas,
  invitationEventTypes,
  matchEventTypes,
  mediaEventTypes,
  orgEventTypes,
  playerEventTypes,
  seasonEventTypes,
  statEventTypes,
  teamEventTypes,
} from '@sideline/domain';

/** The event types the Activity filter offers: every feature's events, alphabetically. */
const knownTypes: readonly string[] = [
  ...new Set<string>([
    ...Object.keys(identityEventSchemas),
    ...orgEventTypes,
    ...teamEventTypes,
    ...seasonEventTypes,
    ...playerEventTypes,
    ...invitationEventTypes,
    ...chatEventTypes,
    ...calendarEventTypes,
    ...mediaEventTypes,
    ...matchEventTypes,
    ...statEventTypes,
  ]),
].sort();

/**
 * The types to offer: the server's list (GET /api/admin/activity/types) when it has answered,
 * else the domain's; a type chosen elsewhere (a shared link) is kept among them.
 */
export function activityTypes(current?: string, fromServer?: readonly string[]): string[] {
  const types = fromServer && fromServer.length > 0 ? [...fromServer].sort() : [...knownTypes];
  return current && !types.includes(current) ? [...types, current].sort() : types;
}

/** 'MessageSent' → 'Message sent'. */
export function activityTypeLabel(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
