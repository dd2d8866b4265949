import { systemPrefersDark, useTheme, type Theme } from './theme';
import { MonitorIcon, MoonIcon, SunIcon } from './Icons';
import { Tooltip } from './Tooltip';

const LABEL: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/**
 * The theme after `theme` in the toggle's cycle: system → the opposite of what the system shows
 * (so the first click always changes something) → the system's own look → system.
 */
export function nextTheme(theme: Theme, systemDark: boolean): Theme {
  const order: Theme[] = systemDark ? ['system', 'light', 'dark'] : ['system', 'dark', 'light'];
  return order[(order.indexOf(theme) + 1) % order.length];
}

/** One button in the navigation bar that cycles light / dark / system. */
export function ThemeToggle() {
  const theme = useTheme((s) => s.theme);
  // Subscribe to the resolved theme so the label follows system changes.
  useTheme((s) => s.resolved);
  const setTheme = useTheme((s) => s.setTheme);
  const target = nextTheme(theme, systemPrefersDark());
  const label = `Theme: ${LABEL[theme]}. Switch to ${LABEL[target].toLowerCase()} theme`;

  // The spec's tooltip (700 ms, 300 ms skip) rather than the browser's title, which keyboard users
  // never see and which waits on the browser's own delay.
  return (
    <Tooltip content={`Theme: ${LABEL[theme]}`} align="end">
      <button
        type="button"
        className="icon-btn theme-toggle"
        onClick={() => setTheme(nextTheme(useTheme.getState().theme, systemPrefersDark()))}
        aria-label={label}
      >
        {theme === 'light' ? <SunIcon /> : theme === 'dark' ? <MoonIcon /> : <MonitorIcon />}
      </button>
    </Tooltip>
  );
}
