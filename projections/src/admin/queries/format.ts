import { sportCatalogue, type AdminMatch, type SportId } from '@sideline/domain';

/** Shapes shared by the admin answers: a sport's display name, a score, a match's status. */
export const sportNameOf = (sportId: string) => sportCatalogue[sportId as SportId]?.name ?? 'Unknown Sport';
export const hundredths = (v: number | string) => Number(v) / 100;
export const adminStatus = (status: string): AdminMatch['status'] =>
  status === 'complete' ? 'completed' : (status as AdminMatch['status']);
