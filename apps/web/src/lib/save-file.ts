/**
 * Hands a file the page holds to the browser as a download under `name` (files fetched with a token can not be
 * plain links). The object URL is let go once the browser has taken the file.
 */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
