/** The sports Sideline knows (spec part 2 §8/§9); the default is Soccer. */
export const sports = [
  'Soccer',
  'Basketball',
  'Baseball',
  'Softball',
  'Football',
  'Hockey',
  'Tennis',
  'Volleyball',
  'Track & Field',
  'Golf',
] as const;

export type Sport = (typeof sports)[number];
export const DEFAULT_SPORT: Sport = 'Soccer';
