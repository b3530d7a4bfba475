// What each tool's own file gives: its work, without what the model reads about it (its
// description and input schema), which package.json declares once for both adapters.
import type { ToolDefinition } from './tool-definition';

export type ToolWork<Input> = Omit<ToolDefinition<Input>, 'modelDescription' | 'inputSchema'>;
