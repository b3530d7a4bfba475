// The visitors panel's Readers said tab, fed by whoever knows what readers said (the readers
// feature, built after this one): the open page's comments, searches and questions from a read
// already made, or what reading them costs. Without a source the tab says nothing.
import * as l10n from '@vscode/l10n';
import type { ProjectScope } from '../api/project-scope';
import type { RangeChoice, SaidState, ToPage } from './protocol';

export interface ReadersSaidSource {
  /** What readers said of the page in the range, from the cache only; else what reading it costs. */
  forPage(scope: ProjectScope, range: RangeChoice, pagePath: string): Promise<SaidState>;
  /** Reads the range on the writer's word (the cost was on the row they clicked; past the budget it asks). */
  read(scope: ProjectScope, range: RangeChoice): Promise<boolean>;
  /** Something new may be in the cache (a read here or in another window). */
  onDidChange(listener: () => void): { dispose(): unknown };
}

interface Shown {
  scope: ProjectScope;
  range: RangeChoice;
  pagePath: string | null;
}

export class SaidRelay {
  private source: ReadersSaidSource | undefined;
  private shown: Shown | undefined;
  private posted = '';
  private listener: { dispose(): unknown } | undefined;

  constructor(private readonly post: (message: ToPage) => void) {}

  use(source: ReadersSaidSource): { dispose(): void } {
    this.source = source;
    this.listener = source.onDidChange(() => void this.again());
    return { dispose: () => this.dispose() };
  }

  /** Shows the tab for the page (null: the open file is no docs page). */
  async show(scope: ProjectScope, range: RangeChoice, pagePath: string | null): Promise<void> {
    const shown = { scope, range, pagePath };
    this.shown = shown;
    if (!this.source) return;
    const state: SaidState = pagePath
      ? await this.source.forPage(scope, range, pagePath)
      : { none: l10n.t('The open file is no docs page.') };
    // The editor moved on while the cache answered: that page's state is stale.
    if (this.shown !== shown) return;
    this.send(state);
  }

  /** The panel's page (re)loaded: it has nothing yet. */
  forget(): void {
    this.posted = '';
  }

  async read(): Promise<void> {
    const shown = this.shown;
    if (!shown || !this.source || !shown.pagePath) return;
    const before = await this.source.forPage(shown.scope, shown.range, shown.pagePath);
    if ('cost' in before) this.send({ ...before, reading: true });
    await this.source.read(shown.scope, shown.range);
    await this.again();
  }

  private again(): Promise<void> {
    return this.shown ? this.show(this.shown.scope, this.shown.range, this.shown.pagePath) : Promise.resolve();
  }

  private send(state: SaidState): void {
    // Every request anywhere changes the shared file: post only what the page does not have.
    const text = JSON.stringify(state);
    if (text === this.posted) return;
    this.posted = text;
    this.post({ type: 'said', state });
  }

  dispose(): void {
    this.listener?.dispose();
    this.source = undefined;
  }
}
