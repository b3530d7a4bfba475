// Where the host runner puts the large site's files in the workspace (without its docs.json,
// which large-site.test.ts writes to make it a docs site, and removes again).
export const largeSiteFolder = 'globex/docs';
