import type { Recurrence, RsvpStatus } from './schemas.ts';

/** `canManage` comes from canManageTeamEvents, evaluated by the caller on the team's read model. */
export type ScheduleEvent = {
  type: 'ScheduleEvent';
  data: {
    eventId: string;
    teamId: string;
    title: string;
    description: string;
    location: string;
    startsAt: string;
    recurrence: Recurrence | null;
    /** IANA zone the series repeats in. */
    timeZone: string;
    createdBy: string;
    canManage: boolean;
  };
};

export type CancelEvent = {
  type: 'CancelEvent';
  data: { eventId: string; teamId: string; by: string; canManage: boolean };
};

/** The caller has checked that the user is a member of the event's team. */
export type RecordRsvp = {
  type: 'RecordRsvp';
  data: { eventId: string; occurrenceDate: string; userId: string; status: RsvpStatus };
};

export type CalendarCommand = ScheduleEvent | CancelEvent | RecordRsvp;
