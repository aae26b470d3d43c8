/** bench/web's baseline: a page holding only the `<img>` of `src`, with nothing around it. */
export const bareImagePage = (src: string): string =>
  `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><body style="margin:0"><img src="${src.replace(/"/g, '&quot;')}"></body>`;
