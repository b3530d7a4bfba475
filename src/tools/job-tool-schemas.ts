// What the model reads of the job tools and what they take: exactly the manifest's
// languageModelTools entries (a unit test holds the two together, both ways).
import type { InputSchema } from './tool-definition';
import { toolNames } from '../platform/manifest-ids';

export interface ToolSchema {
  modelDescription: string;
  inputSchema: InputSchema;
}

// Read by the model, never shown to the writer: stays English.
export const jobToolSchemas = {
  [toolNames.createJob]: {
    modelDescription:
      "Starts a job of the Mintlify background AI agent on this workspace's documentation site. The agent works on the docs repository on its own for several minutes and opens a pull request when it changed files; the job is tracked in the editor and the user is notified when it finishes. Use it when the user wants the Mintlify agent to make a change to their docs, not for edits you can make yourself in the open files. Each job spends one of the project's 100 agent uses an hour, and the user confirms it first. The result gives the job's ID, for docsAgent_jobStatus and docsAgent_sendFollowUp. Write the prompt as a complete instruction: which pages, and what to change.",
    inputSchema: {
      type: 'object',
      properties: {
        prompt: {
          type: 'string',
          description: 'The whole instruction for the agent, in plain language. Name the pages (paths or files) and say what to change.',
        },
        project: {
          type: 'string',
          description:
            "The Mintlify project ID, needed only when the workspace has several projects. Default: the project of the folder you work in (the open editor's in VS Code chat; another agent's root folders), else the workspace's only project.",
        },
        folder: {
          type: 'string',
          description: 'The name of the workspace folder whose project to use, only when the workspace has several folders.',
        },
      },
      required: ['prompt'],
    },
  },
  [toolNames.jobStatus]: {
    modelDescription:
      'Tells how Mintlify docs agent jobs tracked in this workspace are doing: status (running, completed, failed, archived), when each started, its pull request link, its branch and its follow-ups. With a job ID it asks the service now and answers for that job; without one it lists every tracked job, newest first. It costs no agent use. Use it when the user asks about a job, before sending a follow-up, or to find a pull request to review.',
    inputSchema: {
      type: 'object',
      properties: {
        jobId: { type: 'string', description: "The job's ID (or its first 8 characters or more). Leave it out to list every tracked job." },
      },
    },
  },
  [toolNames.sendFollowUp]: {
    modelDescription:
      "Sends a follow-up instruction to a Mintlify docs agent job tracked in this workspace: the agent continues the same job on the same branch and pull request. Use it to correct or extend a job's work (for example after the user reviewed its pull request). Each follow-up spends one of the project's 100 agent uses an hour, and the user confirms it first. Get the job's ID from docsAgent_jobStatus.",
    inputSchema: {
      type: 'object',
      properties: {
        jobId: { type: 'string', description: 'The ID of a tracked job (or its first 8 characters or more).' },
        prompt: { type: 'string', description: 'The follow-up instruction, in plain language.' },
      },
      required: ['jobId', 'prompt'],
    },
  },
  [toolNames.preview]: {
    modelDescription:
      'Starts a Mintlify preview deployment of a branch and reports its status and address. Name a tracked agent job (jobId: its change\'s branch is built) or a branch of this workspace\'s project. action "start" (default) asks the platform to build the branch as a preview site (or to rebuild its existing preview); the user confirms first, and the organisation can start 5 previews a minute. action "status" answers from what this machine follows, for free: queued, building, ready (with the page\'s address) or failed (with the first error of the build log). A notification also says when a build ends.',
    inputSchema: {
      type: 'object',
      properties: {
        jobId: { type: 'string', description: "A tracked agent job's ID (or its first 8 characters or more): its branch is previewed." },
        branch: { type: 'string', description: 'A git branch of the docs repository, when no job is named.' },
        project: { type: 'string', description: 'The Mintlify project, when the workspace has several.' },
        action: { type: 'string', enum: ['start', 'status'], description: 'start (default) or status.' },
      },
    },
  },
  [toolNames.listJobs]: {
    modelDescription:
      "Lists the Mintlify docs agent jobs this machine follows, newest first: each job's ID, prompt, project, status (running, completed, failed, archived), when it started, its pull request link, the address of its branch's preview deployment when one was started, and the agent that started it. It answers from what this machine tracks, without asking the service, and costs nothing. Give project (an ID) or folder (a workspace folder) to list one project's jobs. Use docsAgent_jobRecord for one job's whole record, docsAgent_jobStatus to ask the service about a job now.",
    inputSchema: {
      type: 'object',
      properties: {
        project: { type: 'string', description: 'Only the jobs of this Mintlify project ID.' },
        folder: { type: 'string', description: 'Only the jobs of the project of this workspace folder (its name or path).' },
      },
    },
  },
  [toolNames.jobRecord]: {
    modelDescription:
      "Reads one Mintlify docs agent job's record as this machine kept it (the service keeps no messages): its status, project, branch and pull request, who started it, its whole prompt, then each follow-up and review sent and each finish with its pull request, oldest first, and the preview deployment of its branch when one was started. It answers from what this machine tracks and costs nothing. Get the job's ID from docsAgent_listJobs or docsAgent_jobStatus.",
    inputSchema: {
      type: 'object',
      properties: { jobId: { type: 'string', description: 'The ID of a tracked job (or its first 8 characters or more).' } },
      required: ['jobId'],
    },
  },
} satisfies Record<string, ToolSchema>;
