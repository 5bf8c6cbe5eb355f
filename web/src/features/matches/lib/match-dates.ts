import { format } from 'date-fns';

// Apart from match-display.ts so that the live match card (Home, the admin portal) loads no date
// library: only the match list and its detail show these.
export const matchDate = (iso: string) => format(new Date(iso), 'EEE, MMM d, yyyy');
export const matchTime = (iso: string) => format(new Date(iso), 'h:mm a');
