/**
 * Writing a long JSON answer piece by piece with backpressure: the next page is read from the
 * database only once the socket has taken the last one. Without this a client that asks for
 * everything and reads slowly (or not at all) makes Node buffer the whole answer in memory.
 */
import type { Response } from 'express';

export class StreamWriter {
  private closed = false;

  constructor(private readonly res: Response) {
    res.once('close', () => {
      this.closed = true;
    });
  }

  /** False once the client has gone away: stop producing. */
  get open(): boolean {
    return !this.closed && !this.res.destroyed;
  }

  /** Writes `text`; resolves when the socket can take more, false if the client went away. */
  async write(text: string): Promise<boolean> {
    if (!this.open) return false;
    if (this.res.write(text)) return true;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.once('drain', done);
      this.res.once('close', done);
    });
    return this.open;
  }

  end(text: string): void {
    if (this.open) this.res.end(text);
  }
}
