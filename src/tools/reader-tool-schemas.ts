// What the model reads of the readers tools and what they take: exactly the manifest's
// languageModelTools entries (a unit test holds the two together, both ways).
import type { ToolSchema } from './job-tool-schemas';
import { toolNames } from '../platform/manifest-ids';

// Read by the model, never shown to the writer: stays English.
export const readerToolSchemas = {
  [toolNames.pageVisitors]: {
    modelDescription:
      "Reads how many unique visitors a page of the published docs site had over a date range: human visitors, AI visitors (crawlers and assistants), the total (a visitor seen as both counts once), the page's rank among all paths, and the whole site's totals. Name the page by a workspace file (docs/quickstart.mdx) or by its URL path (/quickstart); with neither, it answers for the file open in the editor. Answers from a kept report for free when it can; a new read costs analytics requests (the organisation has 100 an hour), which the user confirms first, and a read that would pass the hour's budget is refused with the wait.",
    inputSchema: {
      type: 'object',
      properties: {
        file: { type: 'string', description: 'A docs page file, relative to the workspace folder (docs/quickstart.mdx).' },
        pagePath: { type: 'string', description: "The page's URL path on the docs site (/quickstart)." },
        range: {
          type: 'string',
          enum: ['7d', '30d', '90d'],
          description: "Last 7, 30 or 90 days up to today (UTC). Default: the user's docsAgent.visitors.defaultRange setting.",
        },
        from: { type: 'string', description: 'First day of a custom range, YYYY-MM-DD (UTC); use with to instead of range.' },
        to: { type: 'string', description: 'Last day of a custom range, YYYY-MM-DD (UTC), today at the latest.' },
      },
    },
  },
  [toolNames.pagesNeedingAttention]: {
    modelDescription:
      "Finds what needs attention across every docs site open in the workspace, over a date range: the pages with the fewest unique visitors (unread ones first), the pages read mostly by AI crawlers and assistants, and the paths that had visitors but that no page and no redirect serves (broken links or missing redirects). Each page comes with its workspace file. Answers from kept reports for free when it can; a new read costs analytics requests (100 an hour per organisation), which the user confirms first, and a read that would pass the hour's budget is refused with the wait.",
    inputSchema: {
      type: 'object',
      properties: {
        range: {
          type: 'string',
          enum: ['7d', '30d', '90d'],
          description: "Last 7, 30 or 90 days up to today (UTC). Default: the user's docsAgent.visitors.defaultRange setting.",
        },
        limit: { type: 'integer', minimum: 1, maximum: 50, description: 'How many entries each list holds at most. Default 10.' },
        project: {
          type: 'string',
          description:
            'The Mintlify project ID whose docs site to read, when the workspace has several. Default: every docs site open (an agent outside VS Code: the project of its folder).',
        },
        folder: { type: 'string', description: 'The name or path of the workspace folder whose docs site to read, instead of project.' },
      },
    },
  },
  [toolNames.readerFeedback]: {
    modelDescription:
      "Reads what the readers of the published docs site said over a date range. For one page (name a workspace file such as docs/quickstart.mdx or a URL path such as /quickstart; with neither, the file open in the editor): its helpful / not helpful votes, its readers' comments with status and date (pending first, then newest), the site searches whose top clicked result is the page with their click-through, and the docs assistant's questions that cited it. With site: true, for every docs site open: pages whose readers voted them down, searches that found nothing (searched often, no result opened or a low click-through), and questions the assistant could not answer (clarifying, marked not covered, or no page cited). Says what share of the range it read. Answers from a kept read for free when it can; a new read costs at most a few analytics requests (the organisation has 100 an hour), which the user confirms first, and a read that would pass the hour's budget is refused.",
    inputSchema: {
      type: 'object',
      properties: {
        file: { type: 'string', description: 'A docs page file, relative to the workspace folder (docs/quickstart.mdx).' },
        pagePath: { type: 'string', description: "The page's URL path on the docs site (/quickstart)." },
        site: { type: 'boolean', description: "true: every docs site's groups instead of one page." },
        range: {
          type: 'string',
          enum: ['7d', '30d', '90d'],
          description: "Last 7, 30 or 90 days up to today (UTC). Default: the user's docsAgent.visitors.defaultRange setting.",
        },
        from: { type: 'string', description: 'First day of a custom range, YYYY-MM-DD (UTC); use with to instead of range.' },
        to: { type: 'string', description: 'Last day of a custom range, YYYY-MM-DD (UTC), today at the latest.' },
        limit: { type: 'integer', minimum: 1, maximum: 50, description: 'How many entries each list holds at most. Default 10.' },
        project: {
          type: 'string',
          description:
            'The Mintlify project ID whose docs site to read, when the workspace has several. Default: every docs site open (an agent outside VS Code: the project of its folder).',
        },
        folder: { type: 'string', description: 'The name or path of the workspace folder whose docs site to read, instead of project.' },
      },
    },
  },
} satisfies Record<string, ToolSchema>;
