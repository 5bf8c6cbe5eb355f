import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

/**
 * Radix returns focus to a DialogTrigger on close; dialogs opened another way (an event card, a
 * media tile, a menu item) would leave it on the page's body. The element focused when the dialog
 * opened gets it back instead, when it is still on the page.
 */
const widths = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl', '3xl': 'max-w-3xl' } as const;

/**
 * `width` is the dialog's largest width; `flush` drops its padding (a picture from edge to edge);
 * `closeClassName` gives the close button's colours (light ones over a picture).
 */
export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  width = 'md',
  flush = false,
  closeClassName = 'text-slate-500 hover:bg-slate-100 hover:text-slate-700',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  width?: keyof typeof widths;
  flush?: boolean;
  closeClassName?: string;
}) {
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white shadow-xl',
          widths[width],
          !flush && 'p-6',
          'max-h-[calc(100dvh-2rem)] overflow-y-auto focus:outline-none data-[state=open]:animate-pop-in',
          className,
        )}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          openedFrom.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = openedFrom.current;
          openedFrom.current = null;
          if (event.defaultPrevented || !target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className={cn(
            'absolute top-2 right-2 flex size-11 items-center justify-center rounded-xl transition-colors',
            closeClassName,
          )}
          aria-label="Close"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-4 space-y-1.5 pr-10', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('text-lg font-semibold text-slate-900 wrap-anywhere', className)} {...props} />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-slate-500', className)} {...props} />;
}
