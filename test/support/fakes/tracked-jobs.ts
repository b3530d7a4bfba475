// A tracked job as the store keeps it, for tests of the store and of what is kept on disk.
import type { TrackedJob } from '../../../src/jobs/tracked-job';

/** A job of acme on the real service, made and last changed at `createdAt`, never finished in round 0. */
export function trackedJob(id: string, createdAt: string, status = 'active'): TrackedJob {
  return {
    id,
    baseUrl: 'https://api.mintlify.com',
    projectId: 'acme',
    prompt: `Prompt of ${id}`,
    followUps: [],
    job: {
      id,
      status: status as 'active',
      rawStatus: status,
      repository: 'https://github.com/acme/docs',
      ref: null,
      model: 'm',
      prLink: null,
      createdAt,
      archivedAt: null,
    },
    notFound: false,
    trackedAt: createdAt,
    changedAt: createdAt,
    round: 0,
  };
}
