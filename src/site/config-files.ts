// The names of a docs root's configuration file, newest first: on their own, as finding a page's
// root needs only these and not the configuration's parser.
export const docsConfigFiles = ['docs.json', 'mint.json'] as const;
