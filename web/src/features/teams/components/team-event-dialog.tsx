import type { Team } from '@sideline/domain';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import {
  choiceInputClassName,
  choiceLabelClassName,
  choiceLabelLayoutClassName,
  Label,
} from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { useCreateEvent } from '../../calendar/api.ts';
import {
  emptyTeamEventForm,
  TEAM_EVENT_COUNT_MAX,
  TEAM_EVENT_COUNT_MIN,
  teamEventInput,
  teamEventProblem,
  teamEventWeekdays,
  todayInputValue,
  type TeamEventForm,
} from '../lib/team-event-form.ts';

const textareaClass =
  'block w-full rounded-xl border border-slate-200 bg-white px-3.5 py-2.5 text-base shadow-xs focus:border-brand-500 focus:ring-3 focus:ring-brand-500/15 focus:outline-none sm:text-sm';

function TeamEventFields({ team, onDone }: { team: Team; onDone: () => void }) {
  const [form, setForm] = useState<TeamEventForm>(emptyTeamEventForm);
  const createEvent = useCreateEvent(team.id);
  const set = <K extends keyof TeamEventForm>(key: K, value: TeamEventForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const today = todayInputValue();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = teamEventProblem(form);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    createEvent.mutate(teamEventInput(form), {
      onSuccess: () => {
        toast({ title: 'Event created', description: `${form.title.trim()} is on the ${team.name} calendar.` });
        onDone();
      },
      onError: () =>
        toast({ variant: 'destructive', title: 'Failed to create event', description: 'Please try again' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create event">
      <div className="space-y-1.5">
        <Label htmlFor="team-event-title">Title</Label>
        <Input
          id="team-event-title"
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
          maxLength={120}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="team-event-description">Description</Label>
        <textarea
          id="team-event-description"
          rows={3}
          maxLength={2000}
          className={textareaClass}
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="team-event-date">Date</Label>
          <Input
            id="team-event-date"
            type="date"
            min={today}
            value={form.date}
            onChange={(e) => set('date', e.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="team-event-time">Time</Label>
          <Input id="team-event-time" type="time" value={form.time} onChange={(e) => set('time', e.target.value)} />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="team-event-location">Location</Label>
        <Input
          id="team-event-location"
          maxLength={200}
          value={form.location}
          onChange={(e) => set('location', e.target.value)}
        />
      </div>
      <label className={cn(choiceLabelLayoutClassName, 'font-medium text-slate-900')}>
        <input
          type="checkbox"
          className={choiceInputClassName}
          checked={form.isRecurring}
          onChange={(e) => set('isRecurring', e.target.checked)}
        />
        Recurring event
      </label>
      {form.isRecurring ? (
        <fieldset className="space-y-4 rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Repeat</legend>
          <div className="space-y-1.5">
            <Label htmlFor="team-event-pattern">Pattern</Label>
            <NativeSelect
              id="team-event-pattern"
              value={form.recurringType}
              onChange={(e) => set('recurringType', e.target.value as TeamEventForm['recurringType'])}
            >
              <option value="daily">Daily</option>
              <option value="weekly">Weekly</option>
              <option value="monthly">Monthly</option>
            </NativeSelect>
          </div>
          {form.recurringType === 'weekly' ? (
            <div role="group" aria-label="Days" className="flex flex-wrap gap-1.5">
              {teamEventWeekdays.map((d) => {
                const on = form.recurringDays.includes(d.value);
                return (
                  <button
                    key={d.value}
                    type="button"
                    aria-pressed={on}
                    aria-label={d.label}
                    onClick={() =>
                      set(
                        'recurringDays',
                        on ? form.recurringDays.filter((x) => x !== d.value) : [...form.recurringDays, d.value],
                      )
                    }
                    className={cn(
                      'h-9 min-w-11 rounded-lg border px-2 text-xs font-semibold transition-colors',
                      on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-200 bg-white text-slate-700',
                    )}
                  >
                    {d.short}
                  </button>
                );
              })}
            </div>
          ) : null}
          <div role="radiogroup" aria-label="Ends" className="space-y-2">
            <label className={choiceLabelClassName}>
              <input
                type="radio"
                className={choiceInputClassName}
                name="team-event-end"
                checked={form.endType === 'count'}
                onChange={() => set('endType', 'count')}
              />
              After a number of occurrences
            </label>
            {form.endType === 'count' ? (
              <div className="space-y-1.5 pl-6">
                <Label htmlFor="team-event-count">Occurrences</Label>
                <Input
                  id="team-event-count"
                  type="number"
                  inputMode="numeric"
                  min={TEAM_EVENT_COUNT_MIN}
                  max={TEAM_EVENT_COUNT_MAX}
                  value={form.recurringEndCount}
                  onChange={(e) => set('recurringEndCount', e.target.value)}
                />
              </div>
            ) : null}
            <label className={choiceLabelClassName}>
              <input
                type="radio"
                className={choiceInputClassName}
                name="team-event-end"
                checked={form.endType === 'date'}
                onChange={() => set('endType', 'date')}
              />
              On a date
            </label>
            {form.endType === 'date' ? (
              <div className="space-y-1.5 pl-6">
                <Label htmlFor="team-event-end-date">End date</Label>
                <Input
                  id="team-event-end-date"
                  type="date"
                  min={form.date || today}
                  value={form.recurringEndDate}
                  onChange={(e) => set('recurringEndDate', e.target.value)}
                />
              </div>
            ) : null}
          </div>
        </fieldset>
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onDone} disabled={createEvent.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={createEvent.isPending}>
          {createEvent.isPending ? 'Creating...' : 'Create Event'}
        </Button>
      </div>
    </form>
  );
}

/** The team page's Create Event dialog (spec part 2 §5), for the team's managers. */
export function TeamEventDialog({
  team,
  open,
  onOpenChange,
}: {
  team: Team;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="lg">
        <DialogHeader>
          <DialogTitle>Create Event</DialogTitle>
          <DialogDescription>Schedule a game, practice or get-together for {team.name}.</DialogDescription>
        </DialogHeader>
        {open ? <TeamEventFields team={team} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
