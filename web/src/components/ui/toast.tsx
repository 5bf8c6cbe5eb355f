import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { dismissToast, TOAST_DURATION_MS, useToast } from './use-toast.ts';

/** Spec §9: swipe right with a 50 px threshold, hotkey F8. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

/**
 * Renders the toast queue (one at a time). Mount once, near the root. On a phone a toast sits at
 * the bottom, above the bottom bar (64 px and the safe area), where it never covers a dialog's
 * title; on wide screens in the bottom right corner.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => {
        const destructive = variant === 'destructive';
        const Icon = destructive ? CircleAlert : CircleCheck;
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
            {...(duration !== undefined ? { duration } : {})}
            type={destructive ? 'foreground' : 'background'}
            data-variant={variant}
            className={cn(
              'toast-swipe pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pr-12 shadow-lg',
              'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
              destructive
                ? 'border-red-600 bg-red-600 text-white'
                : 'border-slate-200 bg-white text-slate-900 shadow-slate-900/10',
            )}
          >
            <Icon
              aria-hidden="true"
              className={cn('mt-0.5 size-5 shrink-0', destructive ? 'text-white' : 'text-emerald-500')}
            />
            <div className="grid gap-0.5">
              {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
              {description ? (
                <ToastPrimitive.Description className={cn('text-sm', destructive ? 'text-red-50' : 'text-slate-600')}>
                  {description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss notification"
              className={cn(
                'absolute top-1 right-1 flex size-11 items-center justify-center rounded-xl transition-colors',
                destructive
                  ? 'text-red-100 hover:bg-red-700'
                  : 'text-slate-400 hover:bg-slate-100 hover:text-slate-700',
              )}
            >
              <X className="size-4" aria-hidden="true" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed inset-x-0 bottom-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 pb-[calc(5rem+env(safe-area-inset-bottom))] outline-none md:left-auto md:max-w-[420px] md:pb-4"
      />
    </ToastPrimitive.Provider>
  );
}
