// Registers the language model tools that chat and agent mode call (declared, with their
// descriptions, input schemas and `when` clauses, under contributes.languageModelTools).
import * as vscode from 'vscode';
import { toolNames } from '../platform/manifest-ids';
import { CreateJobTool, FollowUpTool, type JobToolDeps, JobStatusTool } from './job-tools';
import { PageVisitorsTool, PagesNeedingAttentionTool, type ReadersToolDeps } from './readers-tools';

export function registerChatTools(jobs: JobToolDeps, readers: ReadersToolDeps): vscode.Disposable[] {
  return [
    vscode.lm.registerTool(toolNames.createJob, new CreateJobTool(jobs)),
    vscode.lm.registerTool(toolNames.jobStatus, new JobStatusTool(jobs)),
    vscode.lm.registerTool(toolNames.sendFollowUp, new FollowUpTool(jobs)),
    vscode.lm.registerTool(toolNames.pageVisitors, new PageVisitorsTool(readers)),
    vscode.lm.registerTool(toolNames.pagesNeedingAttention, new PagesNeedingAttentionTool(readers)),
  ];
}
