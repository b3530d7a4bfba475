// When this window last had an answer for each job. Kept in memory: writing it would rewrite the
// job's file at every check. The tooltip shows it to the minute, so a check that changed nothing
// redraws the tree only when that minute moves (a change redraws it through the store), and a
// quiet job does not redraw the tree, closing any hover on it, at every check.
import { dateTime } from '../platform/words';

/** The check time as the job's tooltip shows it. */
export const checkTimeFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** A check time as the job's tooltip shows it, in the writer's language: to the minute. */
export function checkTimeText(at: number): string {
  return dateTime(at, checkTimeFormat);
}

export class CheckTimes {
  private readonly times = new Map<string, number>();

  get(key: string): number | undefined {
    return this.times.get(key);
  }

  /** Notes a check; true when the time the tooltip shows moved (the tree should redraw). */
  record(key: string, at: number): boolean {
    const before = this.times.get(key);
    this.times.set(key, at);
    return before === undefined || Math.floor(before / 60_000) !== Math.floor(at / 60_000);
  }

  delete(key: string): void {
    this.times.delete(key);
  }
}
