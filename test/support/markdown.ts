// Reading the project's Markdown as GitHub renders it, for tests that follow its links.

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
