// The chat tools themselves, by name: loaded the first time chat calls one (chat-tools.ts).
import type * as vscode from 'vscode';
import { type ToolName, toolNames } from '../platform/manifest-ids';
import { type FeedbackToolDeps, ReaderFeedbackTool } from './feedback-tool';
import { CreateJobTool, FollowUpTool, type JobToolDeps, JobStatusTool } from './job-tools';
import { PreviewTool, type PreviewToolDeps } from './preview-tool';
import { PageVisitorsTool, PagesNeedingAttentionTool, type ReadersToolDeps } from './readers-tools';

export type ReadersDeps = ReadersToolDeps & FeedbackToolDeps;
export type { ToolName };

export function chatToolSet(
  jobs: JobToolDeps,
  readers: ReadersDeps,
  previews: PreviewToolDeps,
): Record<ToolName, vscode.LanguageModelTool<never>> {
  return {
    [toolNames.createJob]: new CreateJobTool(jobs),
    [toolNames.jobStatus]: new JobStatusTool(jobs),
    [toolNames.sendFollowUp]: new FollowUpTool(jobs),
    [toolNames.pageVisitors]: new PageVisitorsTool(readers),
    [toolNames.pagesNeedingAttention]: new PagesNeedingAttentionTool(readers),
    [toolNames.preview]: new PreviewTool(previews),
    [toolNames.readerFeedback]: new ReaderFeedbackTool(readers),
  };
}
