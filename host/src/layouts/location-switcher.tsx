import { EnvironmentOutlined } from '@ant-design/icons';
import type { Location } from '@repo/contracts';
import { api, locationStore, queryClient, useLocationStore, useUi } from '@repo/shared-core';
import { Select, Tooltip } from 'antd';
import { useState } from 'react';

/**
 * Header control that picks the location staff work in. Switching sets the `location` cookie and
 * `Shop` header (store), tells the server (it remembers the choice for the next `/auth/me`) and
 * refetches every query, because every list on screen belongs to a location.
 */
export function LocationSwitcher({ width = 240 }: { width?: number }) {
  const list = useLocationStore((s) => s.list) as Location[];
  const current = useLocationStore((s) => s.current) as Location | null | undefined;
  const canChange = useUi((s) => s.change_location);
  const [switching, setSwitching] = useState(false);

  const onChange = async (id: string) => {
    const loc = list.find((l) => l._id === id);
    if (!loc || loc._id === current?._id) return;
    setSwitching(true);
    try {
      locationStore.getState().setLocation(loc);
      await api.get(`location/current/${id}`);
      await queryClient.invalidateQueries();
    } catch {
      // The api client has already shown the error and stored it in the debug list.
    } finally {
      setSwitching(false);
    }
  };

  const select = (
    <Select
      data-testid="location-switcher"
      aria-label="Магазин"
      value={current?._id}
      onChange={onChange}
      disabled={!canChange}
      loading={switching}
      placeholder="Выберите магазин"
      prefix={<EnvironmentOutlined style={{ color: '#8c8c8c' }} />}
      options={(list ?? []).map((l) => ({ value: l._id, label: l.name }))}
      style={{ width }}
      popupMatchSelectWidth={false}
      showSearch={(list ?? []).length > 6 ? { optionFilterProp: 'label' } : false}
    />
  );
  // Explain the disabled state instead of leaving staff wondering why the control is grey.
  return canChange ? select : <Tooltip title="Смена магазина недоступна для вашей роли">{select}</Tooltip>;
}
