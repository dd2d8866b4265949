/**
 * What the site's header (NavBar) and the app's header (AppLayout) share: the phone menu's
 * behaviour and the Sign Out flow, so both headers open, close and sign out alike.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../client/auth';
import { useSignOutFlow } from './SignOutDialog';
import { toast } from './toast';
import { CloseIcon, MenuIcon } from './Icons';

/** The phone menu: Escape closes it and returns focus to its toggle; any link followed from it closes it. */
export function useHeaderMenu() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) setOpen(false);
  };
  return { open, setOpen, toggleRef, closeOnLink };
}

/** The button that opens and closes a header's phone menu (`controls`: the menu's id). */
export function MenuToggle({ menu, controls, className }: { menu: ReturnType<typeof useHeaderMenu>; controls: string; className: string }) {
  return (
    <button
      ref={menu.toggleRef}
      type="button"
      className={`icon-btn ${className}`}
      aria-expanded={menu.open}
      aria-controls={controls}
      aria-label="Menu"
      onClick={() => menu.setOpen((o) => !o)}
    >
      {menu.open ? <CloseIcon /> : <MenuIcon />}
    </button>
  );
}

/** Sign Out from a header: first checks for changes the server does not have yet (SignOutDialog.tsx), then /auth. */
export function useHeaderSignOut() {
  const navigate = useNavigate();
  return useSignOutFlow(async () => {
    try {
      await signOut();
    } catch {
      // This device is signed out either way; the server could not end its session.
      toast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' });
    }
    navigate('/auth');
  });
}
