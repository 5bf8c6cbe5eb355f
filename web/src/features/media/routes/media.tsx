/** Placeholder: the media slice replaces this screen. */
export function MediaRoute() {
  return <p className="text-slate-500">Coming soon.</p>;
}
