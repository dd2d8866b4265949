import { create } from 'zustand';

export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

/** localStorage key for the theme (the spec's default name). index.html reads it before paint. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(theme: Theme): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return theme;
}

/** Puts the resolved theme on <html> (data-theme, class and color-scheme). */
export function applyTheme(theme: Theme): ResolvedTheme {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  root.dataset.theme = resolved;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  return resolved;
}

interface ThemeState {
  theme: Theme;
  resolved: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

export const useTheme = create<ThemeState>()((set) => {
  const theme = typeof window === 'undefined' ? 'system' : readStoredTheme();
  return {
    theme,
    resolved: typeof window === 'undefined' ? 'light' : resolveTheme(theme),
    setTheme: (next) => {
      try {
        localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Not persisted when storage is unavailable; the choice still applies to this view.
      }
      set({ theme: next, resolved: applyTheme(next) });
    },
  };
});

/** The order the nav toggle cycles through. */
export const THEME_CYCLE: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };

let started = false;

/**
 * Applies the stored theme and keeps "system" in step with the operating system's preference
 * and with changes made in other tabs. Call once at start-up.
 */
export function startTheme(): void {
  if (started) return;
  started = true;
  applyTheme(useTheme.getState().theme);
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener('change', () => {
    const { theme } = useTheme.getState();
    if (theme === 'system') useTheme.setState({ resolved: applyTheme('system') });
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const theme = isTheme(event.newValue) ? event.newValue : 'system';
    useTheme.setState({ theme, resolved: applyTheme(theme) });
  });
}
