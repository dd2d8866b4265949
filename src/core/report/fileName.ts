/** File names of exported reports: "<code or name> status <YYYY-MM-DD>.<ext>", safe on every OS. */
import type { Analysis } from '../evm/types';

/** Characters Windows, macOS or Linux refuse in a file name, control characters and trailing dots/spaces. */
export function safeFileStem(text: string): string {
  const cleaned = [...text]
    .map((ch) => (ch.charCodeAt(0) < 32 || /[<>:"/\\|?*]/.test(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  return cleaned.slice(0, 80) || 'project';
}

export function reportFileName(analysis: Pick<Analysis, 'project' | 'dataDate'>, projectCode: string | undefined, ext: 'pdf' | 'xlsx'): string {
  const who = projectCode && projectCode.trim() && projectCode.trim() !== analysis.project.name.trim() ? `${projectCode.trim()} ${analysis.project.name}` : analysis.project.name;
  const date = analysis.dataDate ? ` status ${analysis.dataDate.slice(0, 10)}` : '';
  return `${safeFileStem(who)}${date}.${ext}`;
}
