import { putShopSettingsSchema, shopLimits } from '@repo/contracts';
import { applyPhoneMask, formatDateTime, notify } from '@repo/shared-core';
import { QueryError, useRule, useZodForm, zodFieldMessage } from '@repo/ui';
import { Button, Card, Col, Form, Input, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocations, useSaveShopSettings, useShopSettings } from '../api';
import { originsMessage, putSettingsErrors, timezoneOptions, toSettingsBody, valuesOf, type SettingsValues } from '../settings';

/**
 * The online shop's settings (`GET|PUT /api/shop/settings`): the site's name and phone, the locations
 * that take requests, the browser origins allowed to call the public API, whether requests are open,
 * and the time zone of the site's days. Read-only without `edit:shop_content`.
 */
export function SettingsForm() {
  const settings = useShopSettings();
  const locations = useLocations();
  const save = useSaveShopSettings();
  const canEdit = useRule('edit:shop_content');
  const { form, field, maxLength } = useZodForm(putShopSettingsSchema);
  const s = settings.data;
  const timezone = Form.useWatch('timezone', form) as string | undefined;

  useEffect(() => {
    if (s) form.setFieldsValue(valuesOf(s) as never);
  }, [s?.updatedAt, !!s]); // eslint-disable-line react-hooks/exhaustive-deps

  async function submit(values: SettingsValues) {
    try {
      await save.mutateAsync(toSettingsBody(values));
      notify.success('Настройки интернет-магазина сохранены', { autoClose: 2500 });
    } catch (e) {
      putSettingsErrors(form as never, e, values);
    }
  }

  const locationOptions = (locations.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  // A stored location the employee cannot see is still shown (by its id) rather than silently dropped.
  for (const id of s?.requestLocationIds ?? []) if (locations.data && !locationOptions.some((o) => o.value === id)) locationOptions.push({ value: id, label: 'Другой магазин' });

  return (
    <Card
      title="Настройки интернет-магазина"
      variant="borderless"
      extra={s?.updatedAt ? <Typography.Text type="secondary">Изменены {formatDateTime(s.updatedAt)}</Typography.Text> : null}
      data-testid="shop-settings"
    >
      {settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} title="Не удалось загрузить настройки" bare />
      ) : !s ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<SettingsValues> form={form as never} layout="vertical" disabled={!canEdit} onFinish={(v) => void submit(v)} requiredMark="optional" data-testid="shop-settings-form">
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Form.Item label="Название сайта" {...field('siteName')}>
                <Input maxLength={maxLength.siteName ?? shopLimits.siteNameMax} placeholder="Например: Сервис «Ремонт у дома»" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                label="Телефон на сайте"
                name="phone"
                getValueFromEvent={(e: { target: { value: string } }) => applyPhoneMask(e.target.value)}
                rules={[
                  {
                    validator: async (_, v: string | undefined) => {
                      const m = v && v.replace(/\D/g, '').length > 1 ? zodFieldMessage(putShopSettingsSchema.shape.phone, v) : null;
                      if (m) throw new Error(m);
                    },
                  },
                ]}
                extra="Показывается в шапке сайта"
              >
                <Input inputMode="tel" placeholder="+7 (___) ___-__-__" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="Магазины, принимающие заявки" name="requestLocationIds" extra="Их предлагают формы сайта; заявка без магазина видна сотрудникам всех магазинов">
                <Select mode="multiple" allowClear loading={locations.isPending} options={locationOptions} placeholder="Выберите магазины" optionFilterProp="label" aria-label="Магазины, принимающие заявки" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item
                label="Адреса сайта (CORS)"
                name="allowedOrigins"
                rules={[{ validator: async (_, v: string[] | undefined) => { const m = originsMessage(v); if (m) throw new Error(m); } }]}
                extra={`Откуда браузер может обращаться к публичному API: схема и домен, например https://shop.example.ru; не больше ${shopLimits.originsMax}`}
              >
                <Select mode="tags" tokenSeparators={[',', ' ', ';']} open={false} suffixIcon={null} placeholder="https://shop.example.ru — Enter, чтобы добавить" aria-label="Адреса сайта" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="Часовой пояс сайта" {...field('timezone')} extra="По нему считаются даты показа слайдов">
                <Select showSearch optionFilterProp="label" options={timezoneOptions(timezone ?? s.timezone)} aria-label="Часовой пояс" />
              </Form.Item>
            </Col>
            <Col xs={24} lg={12}>
              <Form.Item label="Приём заявок с сайта" name="requestsOpen" valuePropName="checked" required extra="Выключите, чтобы формы сайта временно не принимали заявки">
                <Switch checkedChildren="Открыт" unCheckedChildren="Закрыт" aria-label="Приём заявок с сайта" />
              </Form.Item>
            </Col>
          </Row>
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Сохранить настройки
            </Button>
          ) : null}
        </Form>
      )}
    </Card>
  );
}
