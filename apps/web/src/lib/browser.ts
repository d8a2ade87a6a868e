// Full-page navigations live here so that tests can replace them (jsdom cannot navigate).

export function reloadPage(): void {
  window.location.reload();
}

export function goTo(url: string): void {
  window.location.assign(url);
}

/**
 * Saves text the console made itself (device keys) as a download named `name`: the text never leaves
 * the page for a server or a link that could be opened again.
 */
export function saveFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the object URL can go at once after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
