/** Saves text as a file through the browser's download (works offline: the bytes never leave the page). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // After the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
