// Builds the preview-deployments feature on the jobs' machine-wide parts: its own store of
// followed previews, the shared limits (5 requests a minute, plans without previews), the
// tracker that polls while this window holds the jobs' polling lease, the once-per-machine
// announcer, the previews' rows in the Agent Jobs tree and the build log documents.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import { hideFinishedAfterDays, workspaceScopes } from '../editor/config';
import { mayWorkForMachine } from '../editor/machine-duties';
import type { FeatureServices } from '../editor/feature-services';
import type { JobsFeature } from '../jobs/jobs-feature';
import { titleOf } from '../jobs/tracked-job';
import { systemClock } from '../platform/clock';
import type { Claims } from '../platform/machine/claims';
import type { DailyChore } from '../platform/machine/daily-chore';
import { SharedMemento } from '../platform/machine/shared-memento';
import { contextKeys } from '../platform/manifest-ids';
import type { StoragePaths } from '../platform/storage-layout';
import { BuildLogProvider, buildLogScheme } from './build-log';
import { PreviewAnnouncer } from './preview-announcer';
import { PreviewLimits } from './preview-limits';
import { PreviewStore } from './preview-store';
import { PreviewTracker } from './preview-tracker';
import { dailyPreviewPrune } from './preview-pruning';
import { followBuildsInView, PreviewTreeExtras } from './preview-tree';
import type { TrackedPreview } from './tracked-preview';

export interface PreviewsFeature extends vscode.Disposable {
  tracker: PreviewTracker;
  store: PreviewStore;
  limits: PreviewLimits;
  /** How notifications and messages name a preview: the job's change, or the branch. */
  nameOf(preview: TrackedPreview): string;
  /** Whether the project's plan refused previews (its commands are hidden then). */
  notInPlan(scope: ProjectScope): boolean;
  /** Re-reads whether every open project's plan refused previews, for the commands' `when`. */
  updateContext(): void;
}

/** Announces finishes by the jobs' rules: the focused window, else the poller. */
function announcerOf(store: PreviewStore, machine: JobsFeature['machine'], nameOf: (preview: TrackedPreview) => string): PreviewAnnouncer {
  return new PreviewAnnouncer({
    store,
    claim: (name) => machine.claims.claim(name),
    // What a finish says (and its buttons) loads with the first finish to announce.
    notify: (preview) => void import('./preview-notifier').then(({ announceFinishedPreview }) => announceFinishedPreview(preview, nameOf)),
    thisWindowFocused: () => vscode.window.state.focused,
    otherWindowFocused: () => machine.presence.otherFocused(),
    isPoller: () => machine.lease.held,
  });
}

/** Once a day on the machine, by a window that may work for it (not one in Restricted Mode). */
function previewPruning(storage: StoragePaths, store: PreviewStore, claims: Claims, log: FeatureServices['log']): DailyChore {
  return dailyPreviewPrune(storage.lastPreviewPrune, { store, claims, hideFinishedAfterDays, clock: systemClock }, log, mayWorkForMachine);
}

export function createPreviewsFeature(storage: StoragePaths, { keys, clients, log }: FeatureServices, jobs: JobsFeature): PreviewsFeature {
  const { lease, claims } = jobs.machine;
  const store = new PreviewStore(storage.previews);
  const shared = new SharedMemento(storage.previewsShared);
  const limits = new PreviewLimits(shared, systemClock);
  const tracker = new PreviewTracker({
    store,
    limits,
    client: (scope) => clients.forBaseUrl(scope.baseUrl),
    clock: systemClock,
    log: (message) => log.warn(message),
  });
  const nameOf = (preview: TrackedPreview): string => {
    const job = preview.jobId ? jobs.tracker.jobs().find((j) => j.id === preview.jobId) : undefined;
    return job ? l10n.t('the agent’s change “{0}”', titleOf(job)) : l10n.t('branch {0}', preview.branch);
  };
  const announcer = announcerOf(store, jobs.machine, nameOf);
  const updateContext = (): void => {
    const scopes = workspaceScopes();
    const refused = scopes.length > 0 && scopes.every((scope) => limits.notInPlan(scope));
    void vscode.commands.executeCommand('setContext', contextKeys.previewsNotInPlan, refused);
  };
  const buildLogs = new BuildLogProvider(store);
  tracker.setPolling(lease.held);
  updateContext();
  void shared.ready.then(updateContext);
  const parts = vscode.Disposable.from(
    jobs.provider.attach(new PreviewTreeExtras(store)),
    buildLogs,
    vscode.workspace.registerTextDocumentContentProvider(buildLogScheme, buildLogs),
    lease.onDidChange((held) => {
      tracker.setPolling(held);
      announcer.review();
    }),
    vscode.window.onDidChangeWindowState(() => announcer.review()),
    limits.onDidChange(updateContext),
    vscode.workspace.onDidChangeConfiguration(updateContext),
    keys.onDidChange(() => void limits.forgetPlans().then(updateContext)),
    followBuildsInView(store, () => jobs.provider.refresh()),
    previewPruning(storage, store, claims, log),
    announcer,
    tracker,
    store,
    shared,
  );
  return {
    tracker,
    store,
    limits,
    nameOf,
    notInPlan: (scope) => limits.notInPlan(scope),
    updateContext,
    dispose: () => {
      parts.dispose();
    },
  };
}
