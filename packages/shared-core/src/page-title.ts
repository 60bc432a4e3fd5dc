import { useEffect } from 'react';

export const appName = 'Сервис+';

export function pageTitle(title?: string | null): string {
  return title ? `${title} — ${appName}` : appName;
}

/** Sets `document.title`; a page without a title (e.g. /subcategories) shows the app name. */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
