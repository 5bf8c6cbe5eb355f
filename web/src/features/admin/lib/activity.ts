import { allEventTypes } from '@sideline/domain';

/** Every event type the deciders can emit (the domain's list, the same the server's audit maps). */
const knownTypes: readonly string[] = allEventTypes;

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
