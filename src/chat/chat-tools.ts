// Registers the language model tools that chat and agent mode call (declared, with their
// descriptions, input schemas and `when` clauses, under contributes.languageModelTools).
// An editor without language model tools gets none, and the rest of Docs Agent works as ever.
import * as vscode from 'vscode';
import { hasLanguageModelTools } from '../editor/editor-features';
import { contextKeys, toolNames } from '../platform/manifest-ids';
import { CreateJobTool, FollowUpTool, type JobToolDeps, JobStatusTool } from './job-tools';
import { PreviewTool, type PreviewToolDeps } from './preview-tool';
import { PageVisitorsTool, PagesNeedingAttentionTool, type ReadersToolDeps } from './readers-tools';
import { type FeedbackToolDeps, ReaderFeedbackTool } from './feedback-tool';

type ReadersDeps = ReadersToolDeps & FeedbackToolDeps;

function register(jobs: JobToolDeps, readers: ReadersDeps, previews: PreviewToolDeps): vscode.Disposable[] {
  const tools: [string, vscode.LanguageModelTool<never>][] = [
    [toolNames.createJob, new CreateJobTool(jobs)],
    [toolNames.jobStatus, new JobStatusTool(jobs)],
    [toolNames.sendFollowUp, new FollowUpTool(jobs)],
    [toolNames.pageVisitors, new PageVisitorsTool(readers)],
    [toolNames.pagesNeedingAttention, new PagesNeedingAttentionTool(readers)],
    [toolNames.preview, new PreviewTool(previews)],
    [toolNames.readerFeedback, new ReaderFeedbackTool(readers)],
  ];
  const registered: vscode.Disposable[] = [];
  try {
    for (const [name, tool] of tools) registered.push(vscode.lm.registerTool(name, tool));
    return registered;
  } catch (error) {
    // All or none: chat should not offer a tool set with holes.
    for (const registration of registered) registration.dispose();
    throw error;
  }
}

/** The tools, where this editor has them; `docsAgent.chatTools` (in each tool's `when`) says whether they are there. */
export function registerChatTools(jobs: JobToolDeps, readers: ReadersDeps, previews: PreviewToolDeps): vscode.Disposable[] {
  let registered: vscode.Disposable[] = [];
  if (hasLanguageModelTools()) {
    try {
      registered = register(jobs, readers, previews);
    } catch (error) {
      jobs.log.warn(`Chat tools are off: this editor refused them (${error instanceof Error ? error.message : String(error)}).`);
    }
  } else {
    jobs.log.info('Chat tools are off: this editor has no language model tools.');
  }
  void vscode.commands.executeCommand('setContext', contextKeys.chatTools, registered.length > 0);
  return registered;
}
