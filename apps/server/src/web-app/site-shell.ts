import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from '../lib/html.ts';

/** Where the built site's `<head>` gets the tags the server writes (title, key, unfurls). */
const HEAD_MARK = '<!--jiffy-head-->';

export interface SiteBuild {
  /** The page every site route answers with, given the `<head>` tags for that page. */
  page(head: string): string;
  /** The folder of the built scripts and stylesheets (`index-abc.js`), served from disk. */
  assetsDir: string;
}

/** The React site's build (`apps/web/dist`, made by `npm run build`, which `npm install` runs). */
export function loadSiteBuild(): SiteBuild {
  const indexFile = fileURLToPath(import.meta.resolve('@jiffy/web/dist'));
  const html = fs.readFileSync(indexFile, 'utf8');
  if (!html.includes(HEAD_MARK)) throw new Error(`${indexFile} has no ${HEAD_MARK}`);
  const assetsDir = path.join(path.dirname(indexFile), 'assets');
  return { page: (head) => html.replace(HEAD_MARK, head), assetsDir };
}

/** The `<head>` tags of every site page: its title and the API key the site's client uses. */
export function siteHead(options: { title: string; apiKey: string; extra?: string }): string {
  return [
    `<title>${escapeHtml(options.title)}</title>`,
    `<meta name="jiffy-api-key" content="${escapeHtml(options.apiKey)}">`,
    options.extra ?? '',
  ].join('\n');
}
