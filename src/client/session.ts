import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
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

const memory = new Map<string, string>();
const memoryStorage = {
  getItem: (k: string) => memory.get(k) ?? null,
  setItem: (k: string, v: string) => void memory.set(k, v),
  removeItem: (k: string) => void memory.delete(k),
};

/** Where the session is kept between visits, so a site laptop opens the app with no signal. */
export const SESSION_STORAGE_KEY = 'earnest-session';

/**
 * The browser session, persisted in localStorage: someone who signed in once keeps working offline
 * after a reload. Signed out by default; the auth work fills this in from the real session and its
 * change events.
 */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      status: 'signed-out',
      setUser: (user) => set({ user, status: user ? 'signed-in' : 'signed-out' }),
      setLoading: () => set({ status: 'loading' }),
      signOut: async () => {
        clearStorageKeepingTheme();
        set({ user: null, status: 'signed-out' });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      // Without localStorage (Node tests, locked-down browsers) the session lives in memory only.
      storage: createJSONStorage(() => (typeof localStorage === 'undefined' ? memoryStorage : localStorage)),
      partialize: (s) => ({ user: s.user }),
      merge: (persisted, current) => {
        const user = (persisted as { user?: SessionUser | null } | undefined)?.user ?? null;
        return { ...current, user, status: user ? 'signed-in' : 'signed-out' };
      },
    },
  ),
);

