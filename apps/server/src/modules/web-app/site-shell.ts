import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootLoaderScript } from '@jiffy/web/boot-loader';
import { escapeHtml } from '../../platform/lib/html.ts';

/** Where the built site's `<head>` gets the tags the server writes (title, key, unfurls). */
const HEAD_MARK = '<!--jiffy-head-->';
/** The site's root element, which the server may fill with a page's first GIFs. */
const ROOT = '<div id="root"></div>';

export interface SiteBuild {
  /**
   * The page every site route answers with, given the `<head>` tags for that page and, for a
   * page the server writes out first, the markup inside `#root`. Such a page starts the site
   * with the boot loader instead of naming the boot module (apps/web boot-loader.ts).
   */
  page(head: string, rootMarkup?: string): string;
  /** The CSP `script-src` sources the pages need: their own origin and the boot loader's hash. */
  scriptSources: string;
  /** The folder of the built scripts and stylesheets (`index-abc.js`), served from disk. */
  assetsDir: string;
}

/** The React site's build (`apps/web/dist`, made by `npm run build`, which `npm install` runs). */
export function loadSiteBuild(): SiteBuild {
  const indexFile = fileURLToPath(import.meta.resolve('@jiffy/web/dist'));
  let html = fs.readFileSync(indexFile, 'utf8');
  for (const mark of [HEAD_MARK, ROOT])
    if (!html.includes(mark)) throw new Error(`${indexFile} has no ${mark}`);
  const distDir = path.dirname(indexFile);
  const assetsDir = path.join(distDir, 'assets');
  // No modulepreloads of the site's chunks: fetched and compiled while the first GIFs load,
  // they took CPU and connections the first paint needed (bench/web: 130–200 ms later on two
  // cores). The boot script fetches them, in parallel, once the first GIFs are painted.
  html = scriptsAfterContent(inlineStylesheets(html, assetsDir));
  const loader = bootLoaderOf(html);
  // Split once: a page is then joined from its parts (replace() would read `$&` in a search
  // term's text as a pattern).
  const [beforeHead, rest] = split(html, HEAD_MARK);
  const [beforeRoot, afterRoot] = split(rest, ROOT);
  const afterWrittenRoot = afterRoot.replace(loader.moduleTag, loader.tag);
  return {
    page: (head, rootMarkup) =>
      rootMarkup === undefined
        ? `${beforeHead}${head}${beforeRoot}${ROOT}${afterRoot}`
        : `${beforeHead}${head}${beforeRoot}<div id="root">${rootMarkup}</div>${afterWrittenRoot}`,
    scriptSources: `'self' '${loader.hash}'`,
    assetsDir,
  };
}

/**
 * The site's stylesheet written into the page instead of linked: a linked one blocks the first
 * paint until it has come, and on one busy server it queued behind the scripts for the
 * connection (bench/web). It is small (13 KB, 3.5 KB gzipped), and the CSP allows inline styles.
 * Only the build's own `/assets/*.css` are inlined, and only when their text cannot close the
 * `<style>` element early.
 */
export function inlineStylesheets(html: string, assetsDir: string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)"\s*\/?>/g,
    (link, file: string) => {
      const css = fs.readFileSync(path.join(assetsDir, file), 'utf8');
      return /<\/style/i.test(css) ? link : `<style>${css}</style>`;
    },
  );
}

/**
 * The build's module script and its modulepreloads moved from the `<head>` to the end of the
 * `<body>`. Module scripts run after the document is parsed wherever they stand, so nothing
 * changes in when they run; but the browser asks for resources in the order it finds them, and
 * on a page the server wrote its first GIFs into, the first images should have the server's
 * connections before the seven scripts do (bench/web).
 */
export function scriptsAfterContent(html: string): string {
  const tags: string[] = [];
  const moved = html.replace(
    /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g,
    (tag) => {
      tags.push(tag.trim());
      return '';
    },
  );
  const end = moved.lastIndexOf('</body>');
  if (end < 0 || !tags.length) return html;
  return `${moved.slice(0, end)}${tags.join('\n')}\n${moved.slice(end)}`;
}

/**
 * The build's boot module tag, and the inline loader that replaces it on a page with written
 * first GIFs, with the loader's CSP hash (the page's CSP allows no other inline script).
 */
function bootLoaderOf(html: string): { moduleTag: string; tag: string; hash: string } {
  const match = /<script type="module"[^>]* src="(\/assets\/[\w.-]+\.js)"[^>]*><\/script>/.exec(
    html,
  );
  if (!match) throw new Error('the site build names no boot module in /assets/');
  const script = bootLoaderScript(match[1]!);
  return {
    moduleTag: match[0],
    tag: `<script>${script}</script>`,
    hash: `sha256-${createHash('sha256').update(script).digest('base64')}`,
  };
}

function split(text: string, mark: string): [string, string] {
  const at = text.indexOf(mark);
  return [text.slice(0, at), text.slice(at + mark.length)];
}

/** The `<head>` tags of every site page: its title and the API key the site's client uses. */
export function siteHead(options: { title: string; apiKey: string; extra?: string }): string {
  return [
    `<title>${escapeHtml(options.title)}</title>`,
    `<meta name="jiffy-api-key" content="${escapeHtml(options.apiKey)}">`,
    options.extra ?? '',
  ].join('\n');
}
