import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/** Any unknown path (spec §2 General rules). */
export function NotFoundRoute() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md p-6">
        <div className="flex items-center gap-2">
          <CircleAlert className="size-8 text-red-500" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link to="/" className={buttonClassName('outline', 'md', 'mt-6')}>
          Back to Sideline
        </Link>
      </Card>
    </div>
  );
}
