/** Hands a downloaded file to the browser's own download (a link with `download`, clicked). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoke after the click has been handled; revoking at once can cancel the download.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
