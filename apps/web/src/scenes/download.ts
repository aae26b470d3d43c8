/** Hands `blob` to the browser as a download called `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download reads the URL after this task ends: let it go a while later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
