/**
 * A decider in the style of Emmett / EventStoreDB samples: pure functions, no I/O, no clock.
 * `decide` may throw a DomainError to refuse a command.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

export function fold<Event, State>(
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
