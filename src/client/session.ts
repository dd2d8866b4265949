import { create } from 'zustand';
import { THEME_STORAGE_KEY } from '../ui/theme';

/** The signed-in user as far as the UI needs to know. */
export interface SessionUser {
  id: string;
  email: string;
}

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SessionState {
  user: SessionUser | null;
  status: SessionStatus;
  /** Record a session (the auth service calls this once it knows who is signed in). */
  setUser: (user: SessionUser | null) => void;
  /** Mark the session as being resolved (e.g. while a stored token is checked). */
  setLoading: () => void;
  /**
   * Sign out: forget the user and clear local and session storage except the theme setting.
   * The caller navigates to /auth afterwards.
   */
  signOut: () => Promise<void>;
}

/** Removes everything from local and session storage except the theme preference. */
export function clearStorageKeepingTheme(): void {
  try {
    const theme = localStorage.getItem(THEME_STORAGE_KEY);
    localStorage.clear();
    if (theme !== null) localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (privacy modes); nothing to clear then.
  }
  try {
    sessionStorage.clear();
  } catch {
    // As above.
  }
}

/**
 * The browser session. Signed out by default: the auth work fills this in from the real
 * session and its change events.
 */
export const useSession = create<SessionState>()((set) => ({
  user: null,
  status: 'signed-out',
  setUser: (user) => set({ user, status: user ? 'signed-in' : 'signed-out' }),
  setLoading: () => set({ status: 'loading' }),
  signOut: async () => {
    clearStorageKeepingTheme();
    set({ user: null, status: 'signed-out' });
  },
}));
