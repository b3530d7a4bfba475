// Where the API key may go: the hosts a base URL names, and whether the user confirmed them.

/** `https://host[:port]` of a base URL, lower case; undefined when it is not an http(s) URL. */
export function originOf(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export interface KeyDestinations {
  /** The base URL in the user's settings. */
  userBaseUrl: string;
  /** The platform's own address (the default). */
  defaultBaseUrl: string;
  /** Hosts the user confirmed a workspace may name. */
  confirmedHosts: readonly string[];
  /** Whether the workspace is trusted: in Restricted Mode a confirmation counts for nothing. */
  trusted: boolean;
}

/** Whether this origin is one the user confirmed (and the workspace is trusted). */
export function isConfirmedHost(baseUrl: string, where: Pick<KeyDestinations, 'confirmedHosts' | 'trusted'>): boolean {
  const origin = originOf(baseUrl);
  return where.trusted && origin !== undefined && where.confirmedHosts.some((host) => originOf(host) === origin);
}

/** Whether this is the writer's service itself: their base URL or the platform's (a confirmed host is not). */
export function isServiceAddress(baseUrl: string, where: Pick<KeyDestinations, 'userBaseUrl' | 'defaultBaseUrl'>): boolean {
  const origin = originOf(baseUrl);
  return origin !== undefined && (origin === originOf(where.userBaseUrl) || origin === originOf(where.defaultBaseUrl));
}

/** Whether the API key may go to this base URL: the user's own, the platform's, or a confirmed host. */
export function keyMayGoTo(baseUrl: string, where: KeyDestinations): boolean {
  return isServiceAddress(baseUrl, where) || isConfirmedHost(baseUrl, where);
}
