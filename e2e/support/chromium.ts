import fs from 'node:fs';

/** Debian's Chromium (no browser can be downloaded here); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(
      `Chromium не найден (${candidates.join(', ')}). Установите его: apt-get install -y chromium, или укажите путь в CHROMIUM_PATH.`,
    );
  }
  return found;
}
