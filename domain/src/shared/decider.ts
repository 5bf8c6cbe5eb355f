/**
 * A decider in the style of Emmett / EventStoreDB samples: pure functions, no I/O, no clock.
 * `decide` may throw a DomainError to refuse a command.
 *
 * `Stored` is what `evolve` reads: the events `decide` emits, plus any older shape of them that
 * the stream may still hold (the decider upcasts those as it folds them; stored events never change).
 */
export interface Decider<Command, Event, State, Stored = Event> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Stored): State;
  initialState: State;
}

export function fold<Event, State>(
  decider: { evolve(state: State, event: Event): State; initialState: State },
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}
