import { Images } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

/** Spec §2: a user with no team sees this instead of the Media Hub. */
export function NoTeam() {
  const navigate = useNavigate();
  return (
    <Card className="mx-auto mt-6 flex max-w-md flex-col items-center px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Images className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-lg font-semibold text-slate-900">Join a Team First</h1>
      <p className="mt-1 max-w-sm text-sm text-slate-500">Connect with your team to share photos and videos</p>
      <Button className="mt-6" onClick={() => navigate('/')}>
        Go to Dashboard
      </Button>
    </Card>
  );
}
