import { remoteAreas, type RealtimeEvent, type RemoteArea } from '@repo/contracts';
import { bus, notify } from '@repo/shared-core';
import { Button, Flex } from 'antd';
import { useEffect } from 'react';
import { areaRegistry } from './area-registry';
import { remoteLoader } from './federation-runtime';
import type { RemoteLoader } from './remote-loader';

/**
 * Switches one area of this tab to the build `/remotes.json` names now: the registry takes the new
 * entry (menu, titles, prefixes), the loader forgets the old code, and the area's subtree remounts,
 * which loads the new version (re-registered with `force` under the new entry URL).
 */
export async function reloadArea(area: RemoteArea, loader: RemoteLoader = remoteLoader): Promise<void> {
  const entries = await areaRegistry.peek();
  loader.reset(area);
  areaRegistry.applyEntry(area, entries[area]);
}

/**
 * After a release event: areas this tab has not loaded yet switch silently (nothing of theirs runs);
 * an area whose code runs here gets a quiet notice offering «Обновить раздел», so nobody loses a
 * half-filled form to an automatic reload.
 */
export async function onRelease(loader: RemoteLoader = remoteLoader): Promise<void> {
  const entries = await areaRegistry.peek();
  const current = areaRegistry.getState().entries;
  for (const area of remoteAreas) {
    const next = entries[area];
    if (!next || next.version === current[area]?.version) continue;
    const running = loader.loadedVersion(area);
    if (!running) {
      areaRegistry.applyEntry(area, next);
      continue;
    }
    // This tab already runs that build (it was the fallback): take its metadata, keep the screens as they are.
    if (running === next.version) {
      areaRegistry.applyEntry(area, next, { remount: false });
      continue;
    }
    const title = next.meta?.title ?? current[area]?.meta?.title ?? area;
    const toastId = `release-${area}`;
    notify.info(
      <Flex vertical gap={8} align="flex-start" data-testid="release-notice">
        <span>Вышла новая версия раздела «{title}».</span>
        <Button
          size="small"
          type="primary"
          onClick={() => {
            notify.dismiss(toastId);
            void reloadArea(area, loader);
          }}
        >
          Обновить раздел
        </Button>
      </Flex>,
      { toastId, autoClose: false, closeOnClick: false },
    );
  }
}

/** Mounted by the signed-in shell: realtime `release` events (shared-core realtime → bus). */
export function useReleaseUpdates(): void {
  useEffect(() => {
    const onEvent = (event: RealtimeEvent) => {
      if (event.entity === 'release' && areaRegistry.getState().status === 'ready') void onRelease().catch(() => undefined);
    };
    bus.on('realtime:event', onEvent);
    return () => bus.off('realtime:event', onEvent);
  }, []);
}
