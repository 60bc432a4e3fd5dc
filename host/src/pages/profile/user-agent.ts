/**
 * "Chrome 131 · Windows" out of a full user-agent string: enough for staff to recognise their own
 * devices without reading 150 characters. Order matters: Edge and Yandex also say "Chrome".
 */
export function shortUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'Неизвестное устройство';
  const browsers: [RegExp, string][] = [
    [/YaBrowser\/(\d+)/, 'Яндекс Браузер'],
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+).*Safari/, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Windows/, 'Windows'],
    [/Android/, 'Android'],
    [/iPhone|iPad|iOS/, 'iOS'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([re]) => re.test(ua));
  const os = systems.find(([re]) => re.test(ua))?.[1];
  if (!browser) return ua.length > 48 ? `${ua.slice(0, 47)}…` : ua;
  const version = ua.match(browser[0])?.[1];
  return [`${browser[1]}${version ? ` ${version}` : ''}`, os].filter(Boolean).join(' · ');
}
