import { ArrowLeft, House, MapPinOff } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, buttonClassName } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { paths } from '../../config/paths.ts';

/**
 * Any unknown path (spec §2 General rules, in words for families: docs/spec-notes.md): what
 * happened, and the two ways on, Home and Back.
 */
export function NotFoundRoute() {
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  // Opened from a link elsewhere (no page of Sideline to go back to): Back goes Home.
  const back = () => (key === 'default' ? navigate(paths.home) : navigate(-1));
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md p-6">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
          <MapPinOff className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-2 text-sm text-slate-600">
          There’s no page at <span className="font-medium break-all text-slate-900">{pathname}</span>. The link may be
          old, or mistyped.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={paths.home} className={buttonClassName('primary', 'md', 'grow basis-0')}>
            <House className="size-4" aria-hidden="true" />
            Home
          </Link>
          <Button variant="outline" className="grow basis-0" onClick={back}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back
          </Button>
        </div>
      </Card>
    </main>
  );
}
