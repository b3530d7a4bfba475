// Every Docs Agent tool, by name, built once for an adapter (chat/, mcp/): loaded the first time
// an agent calls one, so activation never loads the tools' code.
import { type ToolName, toolNames } from '../platform/manifest-ids';
import { type FeedbackToolDeps, readerFeedbackTool } from './feedback-tool';
import { jobRecordTool, listJobsTool } from './job-list-tools';
import { createJobTool, followUpTool, type JobToolDeps, jobStatusTool } from './job-tools';
import { previewTool, type PreviewToolDeps } from './preview-tool';
import { pageVisitorsTool, pagesNeedingAttentionTool, type ReadersToolDeps } from './readers-tools';
import type { ToolDefinition } from './tool-definition';

export type ReadersDeps = ReadersToolDeps & FeedbackToolDeps;
export type { JobToolDeps, PreviewToolDeps, ToolName };

export interface ToolDeps {
  jobs: JobToolDeps;
  readers: ReadersDeps;
  previews: PreviewToolDeps;
}

/**
 * A definition as an adapter holds it: taking whatever the caller sent. Each tool reads its
 * fields defensively (String(…), checks), since no caller is bound to follow the schema.
 */
const asSent = <Input>(definition: ToolDefinition<Input>): ToolDefinition => definition as unknown as ToolDefinition;

export function toolDefinitions({ jobs, readers, previews }: ToolDeps): Record<ToolName, ToolDefinition> {
  return {
    [toolNames.createJob]: asSent(createJobTool(jobs)),
    [toolNames.jobStatus]: asSent(jobStatusTool(jobs)),
    [toolNames.sendFollowUp]: asSent(followUpTool(jobs)),
    [toolNames.pageVisitors]: asSent(pageVisitorsTool(readers)),
    [toolNames.pagesNeedingAttention]: asSent(pagesNeedingAttentionTool(readers)),
    [toolNames.preview]: asSent(previewTool(previews)),
    [toolNames.readerFeedback]: asSent(readerFeedbackTool(readers)),
    [toolNames.listJobs]: asSent(listJobsTool(previews)),
    [toolNames.jobRecord]: asSent(jobRecordTool(previews)),
  };
}
