// Every tool's name, what the model reads of it and what it takes, as one definition spreads
// them: `described(name)` gives the three together, so a definition cannot carry another's.
import type { ToolName } from '../platform/manifest-ids';
import { jobToolSchemas, type ToolSchema } from './job-tool-schemas';
import { readerToolSchemas } from './reader-tool-schemas';

/** Keyed by every tool name: one left out does not compile; the manifest's list is held to it by a unit test. */
export const toolSchemas: Record<ToolName, ToolSchema> = { ...jobToolSchemas, ...readerToolSchemas };

export function described<Name extends ToolName>(name: Name): ToolSchema & { name: Name } {
  return { name, ...toolSchemas[name] };
}
