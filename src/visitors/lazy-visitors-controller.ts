// What activation keeps of the visitors panel: its controller's face (open, restore, around a
// merge, what feeds its tabs) without its code. The controller, the panel and what draws them
// load the first time the panel opens or the editor restores it.
import type * as vscode from 'vscode';
import { Emitter } from '../platform/emitter';
import { LazyPart } from '../platform/lazy-part';
import type { MergeMark } from './protocol';
import type { ReadersSaidSource } from './said-relay';
import type { MergeVotesSource } from './trend-relay';
import type { VisitorsController, VisitorsDeps } from './visitors-controller';

/** A source fed to the controller once it loads, and taken back when its user lets go. */
class Fed<T> {
  private source: T | undefined;
  private using: { dispose(): void } | undefined;

  constructor(private readonly feed: (controller: VisitorsController, source: T) => { dispose(): void }) {}

  use(source: T, loaded: VisitorsController | undefined): { dispose(): void } {
    this.source = source;
    if (loaded) this.to(loaded);
    return {
      dispose: () => {
        this.source = undefined;
        this.using?.dispose();
        this.using = undefined;
      },
    };
  }

  to(controller: VisitorsController): void {
    if (this.source !== undefined) this.using = this.feed(controller, this.source);
  }
}

export class LazyVisitorsController implements vscode.Disposable {
  private readonly loaded = new Emitter<void>();
  /** A range was read from the service (the status bar may now have numbers). */
  readonly onDidLoad = this.loaded.event;
  private readonly said = new Fed<ReadersSaidSource>((controller, source) => controller.useReadersSaid(source));
  private readonly votes = new Fed<MergeVotesSource>((controller, source) => controller.useMergeVotes(source));
  private readonly controller: LazyPart<VisitorsController>;

  constructor(deps: VisitorsDeps) {
    this.controller = new LazyPart(async () => {
      const controller = new (await import('./visitors-controller')).VisitorsController(deps);
      controller.onDidLoad(() => this.loaded.fire());
      this.said.to(controller);
      this.votes.to(controller);
      return controller;
    });
  }

  /** Feeds the Readers said tab (the readers feature is built after this one). */
  useReadersSaid(source: ReadersSaidSource): { dispose(): void } {
    return this.said.use(source, this.controller.loaded);
  }

  /** Feeds the votes of a trend split at a merge (the readers feature is built after this one). */
  useMergeVotes(source: MergeVotesSource): { dispose(): void } {
    return this.votes.use(source, this.controller.loaded);
  }

  /** Opens (or reveals) the panel for a file's page. */
  async show(uri: vscode.Uri | undefined): Promise<void> {
    await (await this.controller.get()).show(uri);
  }

  /** Opens a page's file and the panel on it over the weeks around a merge (see VisitorsController). */
  async showAroundMerge(uri: vscode.Uri, mark: MergeMark): Promise<void> {
    await (await this.controller.get()).showAroundMerge(uri, mark);
  }

  /** A panel restored after a reload. */
  async revive(panel: vscode.WebviewPanel): Promise<void> {
    (await this.controller.get()).revive(panel);
  }

  /** Another project, service or docs root: only an open panel (so a loaded controller) reads again. */
  scopeChanged(): void {
    this.controller.loaded?.scopeChanged();
  }

  dispose(): void {
    this.controller.dispose();
    this.loaded.dispose();
  }
}
