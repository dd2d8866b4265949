import { useRef, useState } from 'react';

const ACCEPT = '.xer,.xml,.pmxml,.xlsx,.xlsm,.xls,.csv,.txt,.tsv,.json,.mpp,.pp,.mpx';

/** Drag a file here or pick one. Keyboard users get the same through the button. */
export function DropZone({ onFile }: { onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [several, setSeveral] = useState(false);

  function take(files: FileList | null) {
    if (!files || files.length === 0) return;
    setSeveral(files.length > 1);
    onFile(files[0]);
  }

  return (
    <div
      className={`dropzone${over ? ' dropzone--over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
    >
      <p className="dropzone-title">Drop a schedule file here</p>
      <p className="muted">P6 .xer or .xml · MS Project .xml · Excel .xlsx/.xls · CSV</p>
      <button type="button" className="btn btn-primary" onClick={() => input.current?.click()}>
        Choose a file
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        aria-label="Schedule file"
        data-testid="file-input"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      {several ? <p className="muted">One file at a time: the first one is being read.</p> : null}
      <details className="dropzone-help">
        <summary>Which files work?</summary>
        <ul>
          <li>
            <strong>Primavera P6</strong>: File › Export › Primavera PM (XER) or XML. Multi-project files let you choose the project.
          </li>
          <li>
            <strong>Microsoft Project</strong>: the .mpp file itself (Project 98 to Project 2021 and Project Online desktop), XML (File › Save As › XML Format), or an MPX file (.mpx) as Project 98 and other tools write it.
          </li>
          <li>
            <strong>Excel or CSV</strong>: an activity list (ID, name, dates, budget, % complete…) or a period table (period, PV, EV, AC). You review the
            column mapping before anything is imported.
          </li>
          <li>
            <strong>Asta Powerproject</strong>: the .pp file as Powerproject saves it (older text files and newer database files), or its Microsoft Project XML export. Asta support is new: the import summary says what it could not read.
          </li>
        </ul>
      </details>
    </div>
  );
}
