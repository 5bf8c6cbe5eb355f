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

/** The types to offer; a type chosen elsewhere (a shared link) is kept among them. */
export function activityTypes(current?: string): string[] {
  return current && !knownTypes.includes(current) ? [...knownTypes, current].sort() : [...knownTypes];
}

/** 'MessageSent' → 'Message sent'. */
export function activityTypeLabel(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
