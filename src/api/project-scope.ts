// Which project of which service: every job, report and client is for one of these.

export interface ProjectScope {
  /** The service's base URL (where the key goes). */
  baseUrl: string;
  projectId: string;
}
