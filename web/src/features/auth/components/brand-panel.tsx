import { CalendarCheck, Camera, MessageCircle, Trophy, type LucideIcon } from 'lucide-react';
import { Logo } from '../../../components/logo.tsx';

/** Spec §1: the four marketing points on the sign-in screen. */
const points: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  { icon: MessageCircle, title: 'Real-time team messaging', text: 'Chat with your whole team instantly.' },
  { icon: CalendarCheck, title: 'Event coordination & RSVP', text: 'Games and practices, with who is coming.' },
  { icon: Trophy, title: 'Gamified achievements', text: 'Earn XP, dulars and streaks as you show up.' },
  { icon: Camera, title: 'Media sharing & highlights', text: 'Photos, videos and the best moments.' },
];

export function BrandPanel() {
  return (
    <section
      aria-label="About Sideline"
      className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-violet-600 px-6 pt-8 pb-20 text-white lg:flex lg:min-h-dvh lg:flex-col lg:justify-center lg:px-14 lg:py-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-violet-400/20 blur-3xl"
      />
      <div className="relative mx-auto w-full max-w-md lg:mx-0">
        <Logo inverted className="text-2xl lg:text-3xl" />
        <p className="mt-4 text-2xl font-bold tracking-tight lg:mt-10 lg:text-4xl">Connect. Compete. Celebrate.</p>
        <p className="mt-2 text-sm text-brand-100 lg:text-base">
          Everything your team needs, from the first whistle to the final celebration.
        </p>
        <ul className="mt-6 grid grid-cols-2 gap-2 lg:mt-10 lg:grid-cols-1 lg:gap-5">
          {points.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex items-center gap-2.5 rounded-xl bg-white/10 p-2.5 lg:items-start lg:gap-4 lg:bg-transparent lg:p-0"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/15 lg:size-11 lg:rounded-xl">
                <Icon className="size-4 lg:size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block text-xs leading-snug font-semibold lg:text-base">{title}</span>
                <span className="hidden text-sm text-brand-100 lg:block">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
