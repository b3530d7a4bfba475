// The agent's uses (creates and follow-ups: 100 an hour per project) this machine spent, as far
// as the extension knows: jobs made elsewhere (the dashboard, another machine) count against the
// same limit but are not seen here. Kept machine-wide, like the analytics budget.
import type { ProjectScope } from '../api/project-scope';
import { MalformedResponseError } from '../api/errors';
import type { Clock } from '../platform/clock';
import { HourlyLedger } from '../platform/hourly-ledger';
import type { Memento } from '../platform/memento';
import type { JobsClient } from './job-tracker';

export const agentUsesPerHour = 100;

export class AgentUses {
  constructor(
    private readonly memento: Memento,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  record(scope: ProjectScope): Promise<void> {
    return this.ledger(scope).record();
  }

  /** Uses of the project in the last hour, from the store as it is now (other windows' included). */
  usedLastHour(scope: ProjectScope): Promise<number> {
    return this.ledger(scope).countLastHourNow();
  }

  private ledger(scope: ProjectScope): HourlyLedger {
    return new HourlyLedger(this.memento, `agentUses ${JSON.stringify([scope.baseUrl, scope.projectId])}`, this.clock);
  }
}

/**
 * The jobs client with each create and follow-up counted once it reached the service or may
 * have (an unreadable answer, an answer lost after the request left); a refusal is not a use.
 */
export function countingAgentUses(
  client: JobsClient,
  scope: ProjectScope,
  uses: Pick<AgentUses, 'record'>,
  mayHaveArrived: (error: unknown) => boolean,
): JobsClient {
  const counted = async <T>(call: () => Promise<T>): Promise<T> => {
    const record = (): Promise<void> => uses.record(scope).catch(() => undefined);
    try {
      const answer = await call();
      await record();
      return answer;
    } catch (error) {
      if (error instanceof MalformedResponseError || mayHaveArrived(error)) await record();
      throw error;
    }
  };
  return {
    getJob: (...args) => client.getJob(...args),
    createJob: (...args) => counted(() => client.createJob(...args)),
    sendFollowUp: (...args) => counted(() => client.sendFollowUp(...args)),
  };
}
