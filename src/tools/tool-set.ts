// Every Docs Agent tool, whole: the work each file defines, with what package.json declares of it
// (the model's description and the input schema), so both adapters serve exactly one list.
// Loaded the first time a tool is called (tool-loader.ts), never at activation.
import type { InputSchema, ToolDefinition } from './tool-definition';
import { type FeedbackToolDeps, readerFeedbackTool } from './feedback-tool';
import { jobRecordTool, listJobsTool } from './job-list-tools';
import { createJobTool, followUpTool, type JobToolDeps, jobStatusTool } from './job-tools';
import { previewTool, type PreviewToolDeps } from './preview-tool';
import { pagesNeedingAttentionTool, pageVisitorsTool, type ReadersToolDeps } from './readers-tools';
import type { ToolWork } from './tool-work';

export interface ToolDeps {
  jobs: JobToolDeps;
  readers: ReadersToolDeps & FeedbackToolDeps;
  previews: PreviewToolDeps;
}

/** A tool as package.json declares it under `contributes.languageModelTools`. */
export interface DeclaredTool {
  name: string;
  modelDescription: string;
  inputSchema: InputSchema;
}

/** Each tool reads its own input from whatever JSON arrives, so the list holds them alike. */
function alike<Input>(work: ToolWork<Input>): ToolWork<Record<string, unknown>> {
  return work as unknown as ToolWork<Record<string, unknown>>;
}

function works(deps: ToolDeps): ToolWork<Record<string, unknown>>[] {
  return [
    alike(createJobTool(deps.jobs)),
    alike(jobStatusTool(deps.jobs)),
    alike(followUpTool(deps.jobs)),
    alike(pageVisitorsTool(deps.readers)),
    alike(pagesNeedingAttentionTool(deps.readers)),
    alike(previewTool(deps.previews)),
    alike(readerFeedbackTool(deps.readers)),
    alike(listJobsTool(deps.previews)),
    alike(jobRecordTool(deps.previews)),
  ];
}

/** The tools in the order package.json declares them; a tool declared without work, or work never declared, is a bug: it throws. */
export function toolDefinitions(deps: ToolDeps, declared: readonly DeclaredTool[]): ToolDefinition[] {
  const byName = new Map(works(deps).map((work) => [work.name, work]));
  const definitions = declared.map(({ name, modelDescription, inputSchema }) => {
    const work = byName.get(name as ToolWork<never>['name']);
    if (!work) throw new Error(`package.json declares the tool ${name}, which Docs Agent does not define`);
    byName.delete(work.name);
    return { ...work, modelDescription, inputSchema };
  });
  if (byName.size) throw new Error(`package.json does not declare the tools ${[...byName.keys()].join(', ')}`);
  return definitions;
}
