/** Placeholder: the gamification slice replaces this screen. */
export function GamificationRoute() {
  return <p className="text-slate-500">Coming soon.</p>;
}
