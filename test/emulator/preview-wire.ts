// A deployment as the service answers it (the update-status route) and as the control route
// lists it. Pure shaping: previews.ts owns the state.
import type { Deployment } from './previews';
import type { ControlPreview, DeploymentWire } from './types';

const iso = (ms: number): string => new Date(ms).toISOString();

export function deploymentWire(d: Deployment, previewUrl: string): DeploymentWire {
  const shots = {
    screenshot: `${previewUrl}/_screenshot/light.svg`,
    screenshotLight: `${previewUrl}/_screenshot/light.svg`,
    screenshotDark: `${previewUrl}/_screenshot/dark.svg`,
  };
  return {
    _id: d.statusId,
    projectId: d.projectId,
    createdAt: iso(d.createdAt),
    ...(d.endedAt === null ? {} : { endedAt: iso(d.endedAt) }),
    status: d.phase,
    summary: d.summary,
    logs: [...d.logs],
    subdomain: d.subdomain,
    // Pictures exist once there is a site to picture.
    ...(d.phase === 'success' ? shots : {}),
    author: d.commit.author ? { name: d.commit.author } : null,
    commit: { sha: d.commit.sha, ref: d.branch, message: d.commit.message },
    source: 'api',
  };
}

export function controlPreview(d: Deployment, previewUrl: string): ControlPreview {
  return {
    statusId: d.statusId,
    projectId: d.projectId,
    branch: d.branch,
    status: d.phase,
    previewUrl,
    subdomain: d.subdomain,
    summary: d.summary,
    logs: [...d.logs],
    commit: { sha: d.commit.sha, message: d.commit.message },
    createdAt: iso(d.createdAt),
    endedAt: d.endedAt === null ? null : iso(d.endedAt),
    dueAt: d.endedAt !== null ? null : iso(d.phase === 'queued' ? d.startsAt : d.endsAt),
  };
}
