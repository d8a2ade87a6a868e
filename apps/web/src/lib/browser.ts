// Full-page navigations live here so that tests can replace them (jsdom cannot navigate).

export function reloadPage(): void {
  window.location.reload();
}

export function goTo(url: string): void {
  window.location.assign(url);
}
