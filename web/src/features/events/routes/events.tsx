/** Placeholder: the events slice replaces this screen. */
export function EventsRoute() {
  return <p className="text-slate-500">Coming soon.</p>;
}
